import { useEffect, useState } from 'react';
import { t } from '../../i18n/ja.ts';
import { surveyFrameSize } from './survey-size.ts';

/** The survey of product decision 17 in an iframe sized by the window width, following it when the window changes. */
export default function SurveyFrame({ url }: { url: string }) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const update = () => setSize(surveyFrameSize(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  if (!size) return null;
  return (
    <iframe
      src={url}
      title={t('feedback.surveyFrame')}
      width={size.width}
      height={size.height}
      loading="lazy"
      referrerPolicy="no-referrer"
      sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
      className="mt-4 max-w-full rounded-xl border-0 bg-white ring-1 ring-brand-100"
    />
  );
}
