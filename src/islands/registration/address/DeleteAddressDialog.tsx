import { Description, DialogTitle } from '@headlessui/react';
import { useState } from 'react';
import type { StoredAddress } from '../../../domain/address-schemas.ts';
import { t } from '../../../i18n/ja.ts';
import { deleteAddress } from '../../../stores/addresses.ts';
import { fullAddress, postalCode, recipientName } from './format.ts';
import { Modal } from '../../../components/ui/Modal.tsx';

interface Props {
  address: StoredAddress;
  onClose: (deleted: boolean) => void;
}

/** Asks before deleting: an alert dialog whose safe choice (cancel) has the focus. Mounted while open. */
export function DeleteAddressDialog({ address, onClose }: Props) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    const deleted = await deleteAddress(address.id);
    setBusy(false);
    onClose(deleted);
  };

  return (
    <Modal onClose={() => !busy && onClose(false)} role="alertdialog">
      <DialogTitle className="text-lg font-bold text-brand-800">{t('address.delete.title')}</DialogTitle>
      <Description className="mt-2 text-sm text-muted">{t('address.delete.body')}</Description>
      <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm">
        <span className="block font-bold">{recipientName(address)}</span>
        {postalCode(address)} {fullAddress(address)}
      </p>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the safe choice takes the focus in a confirm dialog */}
        <button type="button" autoFocus onClick={() => onClose(false)} disabled={busy} className="w-full rounded-full border border-slate-300 bg-white px-6 py-3 font-bold text-ink hover:bg-slate-50">
          {t('address.cancel')}
        </button>
        <button
          type="button"
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy || undefined}
          className="w-full rounded-full bg-red-700 px-6 py-3 font-bold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-slate-300"
        >
          {t('address.delete.confirm')}
        </button>
      </div>
    </Modal>
  );
}
