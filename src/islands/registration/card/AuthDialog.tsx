import { Description, DialogTitle } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { t } from '../../../i18n/ja.ts';
import { $challenge } from '../../../lib/payments/browser-payments.ts';
import { Modal } from '../../../components/ui/Modal.tsx';

/**
 * Answers the question on screen: approve, or not (the fail button, Escape, a click outside).
 * Anything but an explicit approval is a failed authentication, as at a real bank's page.
 */
export function answerChallenge(approve: boolean): void {
  $challenge.get()?.answer(approve);
}

/**
 * The local gateway's stand-in for the bank's 3-D Secure page (development and tests only:
 * Stripe shows the bank's own page). Above the payment overlay (z-60). The page mounts it once; it renders only while
 * `confirmIntent` waits for an answer, so no Headless UI markup reaches the server-rendered HTML.
 */
export function AuthDialog() {
  const challenge = useStore($challenge);
  if (!challenge) return null;
  return (
    <Modal onClose={() => answerChallenge(false)} layer="z-[70]">
      <DialogTitle className="text-lg font-bold text-brand-800">{t('auth3ds.title')}</DialogTitle>
      <Description className="mt-2 text-sm text-muted">{t('auth3ds.body')}</Description>
      <div className="mt-5 flex flex-col gap-3">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the expected answer takes the focus, as on the bank's page */}
        <button type="button" autoFocus onClick={() => answerChallenge(true)} className="w-full rounded-full bg-brand-600 px-6 py-3 font-bold text-white shadow hover:bg-brand-700">
          {t('auth3ds.approve')}
        </button>
        <button type="button" onClick={() => answerChallenge(false)} className="w-full rounded-full border border-slate-300 bg-white px-6 py-3 font-bold text-ink hover:bg-slate-50">
          {t('auth3ds.fail')}
        </button>
      </div>
    </Modal>
  );
}
