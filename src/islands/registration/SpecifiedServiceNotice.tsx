import { useEffect, useId, useState } from 'react';
import { overviewPdfPath, type SpecifiedServiceOverviewReply } from '../../domain/plans/specified-service.ts';
import { t } from '../../i18n/ja.ts';
import { api } from '../../lib/api.ts';

interface Props {
  plan: { productId: string; optionId: string; contractMonth: number };
  consent: boolean;
  onConsentChange: (consent: boolean) => void;
}

/**
 * The 概要書面 of a 特定継続的役務提供 plan on the order screen (product decision 30): shown before
 * the order, downloadable as a PDF, with the consent to receive the documents by mail that the
 * order needs.
 */
export function SpecifiedServiceNotice({ plan, consent, onConsentChange }: Props) {
  const [overview, setOverview] = useState<SpecifiedServiceOverviewReply['data'] | null>(null);
  const headingId = useId();
  const path = overviewPdfPath(plan);
  useEffect(() => {
    let current = true;
    const query = path.slice(path.indexOf('?'));
    api<SpecifiedServiceOverviewReply>(`/v2/specified-service/overview${query}`)
      .then((reply) => current && setOverview(reply.data))
      .catch(() => current && setOverview(null));
    return () => {
      current = false;
    };
  }, [path]);
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg text-brand-800">
        {t('specifiedService.overview.title')}
      </h2>
      <p className="text-sm leading-relaxed">{t('specifiedService.overview.lead')}</p>
      {overview ? (
        <dl className="space-y-3 rounded-lg border border-brand-100 p-4 text-sm">
          {overview.rows.map((row) => (
            <div key={row.label}>
              <dt className="font-bold text-brand-800">{row.label}</dt>
              <dd className="mt-1 leading-relaxed break-words">{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <a href={path} download className="inline-block font-bold text-brand-700 underline">
        {t('specifiedService.overview.download')}
      </a>
      <label className="flex items-start gap-3 rounded-lg bg-brand-50/60 p-3 text-sm">
        <input type="checkbox" className="mt-1 h-5 w-5 shrink-0" checked={consent} onChange={(event) => onConsentChange(event.target.checked)} />
        <span>{t('specifiedService.consent')}</span>
      </label>
    </section>
  );
}
