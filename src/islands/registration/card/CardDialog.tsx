import { DialogTitle } from '@headlessui/react';
import { useEffect, useEffectEvent, useState } from 'react';
import { t } from '../../../i18n/ja.ts';
import { errorKeyOf } from '../../../lib/api.ts';
import { loadPayments, type BrowserPayments } from '../../../lib/payments/browser-payments.ts';
import { showError } from '../../../stores/snackbar.ts';
import { CardForm } from './CardForm.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';

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
    <Modal onClose={() => !busy && onClose(false)} width="lg">
      <DialogTitle className="text-lg font-bold text-brand-800">{t('card.dialogTitle')}</DialogTitle>
      {payments ? (
        <CardForm payments={payments} onSaved={() => onClose(true)} onCancel={() => onClose(false)} onBusyChange={setBusy} />
      ) : (
        <p className="mt-4 text-sm text-muted" role="status">
          {t('common.loading')}
        </p>
      )}
    </Modal>
  );
}
