import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { t } from '../../../i18n/ja.ts';
import { errorKeyOf } from '../../../lib/api.ts';
import { loadPayments, type BrowserPayments } from '../../../lib/payments/browser-payments.ts';
import { showError } from '../../../stores/snackbar.ts';
import { CardForm } from './CardForm.tsx';

interface Props {
  onClose: (saved: boolean) => void;
}

/**
 * The card dialog, mounted only while open (on the client, out of the CSP's way). It loads the
 * payment provider first: Stripe.js is large, so it is fetched only when someone opens this.
 */
export function CardDialog({ onClose }: Props) {
  const [payments, setPayments] = useState<BrowserPayments | null>(null);
  const [busy, setBusy] = useState(false);
  const giveUp = useEffectEvent((error: unknown) => {
    showError(errorKeyOf(error));
    onClose(false);
  });

  useEffect(() => {
    let active = true;
    loadPayments().then(
      (loaded) => active && setPayments(loaded),
      (error: unknown) => active && giveUp(error),
    );
    return () => {
      active = false;
    };
  }, []);

  return (
    <Dialog open onClose={() => !busy && onClose(false)} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 overflow-y-auto p-4">
        <div className="flex min-h-full items-center justify-center">
          <DialogPanel className="w-full max-w-lg rounded-2xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-bold text-brand-800">{t('card.dialogTitle')}</DialogTitle>
            {payments ? (
              <CardForm payments={payments} onSaved={() => onClose(true)} onCancel={() => onClose(false)} onBusyChange={setBusy} />
            ) : (
              <p className="mt-4 text-sm text-muted" role="status">
                {t('common.loading')}
              </p>
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
