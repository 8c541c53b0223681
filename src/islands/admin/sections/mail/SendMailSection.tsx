import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { parseDateRange, selectDurations, selectLists, selectNumbers, type MailPreview } from '../../../../domain/mail/audience.ts';
import { FieldShell, inputClass, SelectField } from '../../../../components/ui/Field.tsx';
import { t, tf, type MessageKey, type PlainKey } from '../../../../i18n/ja.ts';
import { api, errorKeyOf } from '../../../../lib/api.ts';
import { showError, showEvent } from '../../../../stores/snackbar.ts';
import { buttonClass, primaryButtonClass } from '../../ui.tsx';
import { MassMailProgress } from './MassMailProgress.tsx';

// The confirmation (with the dialog library) is fetched when a send is confirmed: the section draws
// without it (issue 27).
const ConfirmDialog = lazy(() => import('../../ConfirmDialog.tsx').then((module) => ({ default: module.ConfirmDialog })));

/**
 * Mass mail (spec §2; product decision 9): the filters with a live count and sample, the mail, a preview of
 * it as rendered, a test send to the signed-in admin, and a real send confirmed with the count.
 */
interface Form {
  mailTitle: string;
  mailHtml: string;
  selectList: (typeof selectLists)[number];
  dateRangeText: string;
  selectDuration: string;
  selectNumber: string;
  eventCheck: boolean;
  mailTest: boolean;
  /** Send later (product decision 34): YYYY-MM-DDTHH:mm in Japan time, or empty for now. */
  sendAt: string;
}
const initial: Form = { mailTitle: '', mailHtml: '', selectList: 'all', dateRangeText: '', selectDuration: '', selectNumber: '', eventCheck: true, mailTest: false, sendAt: '' };
type Preview = MailPreview & { html?: string };

export default function SendMailSection() {
  const ids = { title: useId(), html: useId(), range: useId(), sendAt: useId() };
  const [form, setForm] = useState<Form>(initial);
  // The count for the filters it was read with, or why it could not be read (a refused filter, the
  // network): shown instead of 読み込み中….
  const [counted, setCounted] = useState<{ key: string; preview?: Preview; error?: MessageKey } | undefined>();
  const [shown, setShown] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const [generation, setGeneration] = useState(0);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((previous) => ({ ...previous, [key]: value }));

  // The live count: asked again shortly after the filters change.
  const { mailTitle: _title, mailHtml: _html, sendAt: _sendAt, ...filters } = form;
  const filterKey = JSON.stringify(filters);
  // The same rule as the server's (issue 27: an invalid period left 読み込み中… forever and sending on).
  const rangeInvalid = parseDateRange(form.dateRangeText) === 'invalid';
  const preview = counted?.key === filterKey ? counted.preview : undefined;
  const previewError = counted?.key === filterKey ? counted.error : undefined;
  // The first count is asked at once; later ones wait for the typing to pause.
  const firstCount = useRef(true);
  useEffect(() => {
    let active = true;
    if (rangeInvalid) return;
    const delay = firstCount.current ? 0 : 300;
    firstCount.current = false;
    const timer = setTimeout(() => {
      api<{ data: Preview }>('/v2/admin/mail/preview', { method: 'POST', body: JSON.parse(filterKey) as object }).then(
        (reply) => active && setCounted({ key: filterKey, preview: reply.data }),
        (error: unknown) => active && setCounted({ key: filterKey, error: errorKeyOf(error) }),
      );
    }, delay);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [filterKey, rangeInvalid]);

  const filled = form.mailTitle.trim() !== '' && form.mailHtml.trim() !== '';
  const ready = filled && !rangeInvalid && previewError === undefined;
  const showPreview = async () => {
    try {
      const reply = await api<{ data: Preview }>('/v2/admin/mail/preview', { method: 'POST', body: form });
      setShown(reply.data.html ?? '');
    } catch (error) {
      showError(errorKeyOf(error));
    }
  };
  const send = async () => {
    try {
      await api('/v2/admin/mail', { method: 'POST', body: { ...form, sendAt: form.sendAt && !form.mailTest ? `${form.sendAt}:00+09:00` : '' } });
      showEvent(form.mailTest ? 'massMailTestSent' : 'massMailQueued');
      setConfirming(false);
      if (!form.mailTest) setGeneration((value) => value + 1);
    } catch (error) {
      setConfirming(false);
      showError(errorKeyOf(error));
    }
  };
  const select = (label: PlainKey, value: string, options: readonly { value: string; label: string }[], onChange: (value: string) => void) => (
    <SelectField label={t(label)} options={options} value={value} onChange={(event) => onChange(event.target.value)} />
  );

  return (
    <div className="space-y-6">
      <form
        aria-label={t('mail.form')}
        noValidate
        className="space-y-2 rounded-2xl bg-white p-5 ring-1 ring-brand-100"
        onSubmit={(event) => {
          event.preventDefault();
          if (!filled) return showError('thisFieldIsRequired');
          if (!ready) return;
          if (form.mailTest) void send();
          else setConfirming(true);
        }}
      >
        <div className="grid gap-x-4 md:grid-cols-2">
          {select('mail.field.selectList', form.selectList, selectLists.map((value) => ({ value, label: t(`mail.list.${value}`) })), (value) => set('selectList', value as Form['selectList']))}
          <FieldShell id={ids.range} label={t('mail.field.dateRangeText')} hint={t('mail.field.dateRangeHint')} error={rangeInvalid ? t('invalidDateRange') : undefined}>
            <input
              id={ids.range}
              className={inputClass}
              value={form.dateRangeText}
              placeholder="2026-04-01~2026-04-30"
              onChange={(event) => set('dateRangeText', event.target.value)}
              aria-invalid={rangeInvalid}
              aria-describedby={`${ids.range}-hint ${ids.range}-error`}
            />
          </FieldShell>
          {select('mail.field.selectDuration', form.selectDuration, [{ value: '', label: t('mail.any') }, ...selectDurations.map((value) => ({ value, label: t(`mail.duration.${value}`) }))], (value) => set('selectDuration', value))}
          {select('mail.field.selectNumber', form.selectNumber, [{ value: '', label: t('mail.any') }, ...selectNumbers.map((value) => ({ value, label: tf('mail.lessons', { n: value }) }))], (value) => set('selectNumber', value))}
        </div>
        <div className="flex flex-wrap gap-6 py-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={form.eventCheck} onChange={(event) => set('eventCheck', event.target.checked)} /> {t('mail.field.eventCheck')}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" checked={form.mailTest} onChange={(event) => set('mailTest', event.target.checked)} /> {t('mail.field.mailTest')}
          </label>
        </div>
        {/* Tall enough for the count and its sample (three lines on a phone, one on a wide screen) from the
            start, so the fields under it do not move when they arrive (issue 27). */}
        <div role="status" aria-live="polite" className="min-h-[6.75rem] rounded-lg bg-brand-50 px-4 py-3 text-sm sm:min-h-[5.5rem] lg:min-h-[4.25rem]">
          {rangeInvalid ? (
            <p>{t('mail.countNeedsRange')}</p>
          ) : previewError ? (
            <p className="font-medium text-red-800">{t(previewError)}</p>
          ) : preview ? (
            <>
              <p className="font-bold">{tf('mail.count', { recipients: preview.recipients, matching: preview.matching })}</p>
              {preview.sample.length > 0 && <p className="mt-1 break-all text-muted">{tf('mail.sample', { sample: preview.sample.join(', ') })}</p>}
            </>
          ) : (
            <p>{t('common.loading')}</p>
          )}
        </div>
        <FieldShell id={ids.title} label={t('mail.field.mailTitle')} required>
          <input id={ids.title} className={inputClass} value={form.mailTitle} onChange={(event) => set('mailTitle', event.target.value)} aria-required />
        </FieldShell>
        <FieldShell id={ids.html} label={t('mail.field.mailHtml')} required hint={t('mail.field.mailHtmlHint')}>
          <textarea id={ids.html} rows={10} className={`${inputClass} font-mono text-sm`} value={form.mailHtml} onChange={(event) => set('mailHtml', event.target.value)} aria-required aria-describedby={`${ids.html}-hint`} />
        </FieldShell>
        <FieldShell id={ids.sendAt} label={t('admin.massMail.sendAt')}>
          <input id={ids.sendAt} type="datetime-local" className={inputClass} value={form.sendAt} onChange={(event) => set('sendAt', event.target.value)} disabled={form.mailTest} />
        </FieldShell>
        <div className="flex flex-wrap gap-3">
          <button type="button" className={buttonClass} onClick={() => void showPreview()} disabled={!ready}>
            {t('mail.preview')}
          </button>
          <button type="submit" className={primaryButtonClass} disabled={!ready}>
            {form.mailTest ? t('mail.sendTest') : t('mail.send')}
          </button>
        </div>
      </form>
      {shown !== undefined && (
        <section aria-label={t('mail.previewTitle')} className="rounded-2xl bg-white p-4 ring-1 ring-brand-100">
          <h2 className="mb-2 font-bold">{t('mail.previewTitle')}</h2>
          <iframe title={t('mail.previewTitle')} sandbox="" srcDoc={shown} className="h-80 w-full rounded border border-slate-200" />
        </section>
      )}
      <MassMailProgress generation={generation} />
      {confirming && (
        <Suspense fallback={null}>
          <ConfirmDialog title={t('mail.confirmTitle')} confirmLabel={t('mail.confirmSend')} onConfirm={send} onClose={() => setConfirming(false)}>
            <p>{tf('mail.confirmBody', { title: form.mailTitle, recipients: preview?.recipients ?? 0 })}</p>
            <p className="text-muted">{t('mail.confirmNote')}</p>
          </ConfirmDialog>
        </Suspense>
      )}
    </div>
  );
}
