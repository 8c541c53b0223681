import { useEffect, useState } from 'react';
import { REDIRECT_AFTER_REGISTRATION_MS } from '../../domain/constants.ts';
import { t, tf } from '../../i18n/ja.ts';
import { takeFirstLoginUrl } from '../../lib/registration/place-order.ts';
import { useMemberSession } from '../member/use-member-session.ts';

const linkClass = 'inline-block rounded-full bg-brand-600 px-6 py-3 font-bold text-white shadow hover:bg-brand-700';

/**
 * After an ordinary order: the lesson school's first-login page opens 5 seconds later (spec §2).
 * The URL came with the order reply and lives in this tab only; without it, My Page is offered.
 */
export default function SignupCompleted() {
  useMemberSession();
  // Rendered in the browser only (client:only): the URL is read once, before the first paint.
  const [url] = useState(() => takeFirstLoginUrl() ?? null);
  const [secondsLeft, setSecondsLeft] = useState(Math.round(REDIRECT_AFTER_REGISTRATION_MS / 1000));
  // WCAG 2.2.1: the spec's 5 seconds stay, and the member can stop the move to read the page.
  const [stopped, setStopped] = useState(false);

  useEffect(() => {
    const target = url;
    if (!target || stopped) return;
    const started = Date.now();
    const tick = setInterval(() => {
      const left = Math.max(0, Math.ceil((REDIRECT_AFTER_REGISTRATION_MS - (Date.now() - started)) / 1000));
      setSecondsLeft(left);
    }, 250);
    const go = setTimeout(() => window.location.assign(target), REDIRECT_AFTER_REGISTRATION_MS);
    return () => {
      clearInterval(tick);
      clearTimeout(go);
    };
  }, [url, stopped]);

  if (url === null) {
    return (
      <div className="space-y-4 text-center">
        <p>{t('completed.noLink')}</p>
        <a href="/mypage" className={linkClass}>
          {t('completed.mypage')}
        </a>
      </div>
    );
  }
  return (
    <div className="space-y-4 text-center">
      <p>{t('completed.body')}</p>
      {/* Read once, not every second: the number changes without being announced. */}
      <p className="text-lg font-bold text-brand-800" aria-live="off" data-testid="countdown">
        {stopped ? t('completed.stopped') : tf('completed.countdown', { seconds: secondsLeft })}
      </p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <a href={url} className={linkClass}>
          {t('completed.go')}
        </a>
        {!stopped && (
          <button type="button" onClick={() => setStopped(true)} className="rounded-full border border-brand-600 bg-white px-6 py-3 font-bold text-brand-700 hover:bg-brand-50">
            {t('completed.stay')}
          </button>
        )}
      </div>
    </div>
  );
}
