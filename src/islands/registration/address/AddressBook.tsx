import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { ADDRESS_LIMIT, type StoredAddress } from '../../../domain/address-schemas.ts';
import { t, tf, type PlainKey } from '../../../i18n/ja.ts';
import { $addressBook, $selectedAddress, loadAddresses, selectAddress } from '../../../stores/addresses.ts';
import { AddressCard } from './AddressCard.tsx';
import { AddressFormDialog } from './AddressFormDialog.tsx';
import { DeleteAddressDialog } from './DeleteAddressDialog.tsx';

export interface AddressBookProps {
  /** True until a plan is chosen (registration): the book says so and nothing can be changed. */
  disabled: boolean;
  /** Told the selected address whenever it changes (registration enables the card once there is one). */
  onSelectedChange?: (address: StoredAddress | null) => void;
}

type Editing = { mode: 'add' } | { mode: 'edit'; address: StoredAddress };

/**
 * The member's delivery addresses (spec: Address): list, select, add, edit, delete. Embedded by
 * the registration page and My Page; the list lives in the addresses store, so both stay in step.
 */
export function AddressBook({ disabled, onSelectedChange }: AddressBookProps) {
  const book = useStore($addressBook);
  const selected = useStore($selectedAddress);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<StoredAddress | null>(null);
  const [selecting, setSelecting] = useState(false);
  const [announcement, setAnnouncement] = useState<PlainKey | null>(null);
  const headingId = useId();
  const group = useId();

  useEffect(() => {
    void loadAddresses();
  }, []);

  // The parent hears about the selection once the book is known, and on every change after that.
  const notify = useEffectEvent((address: StoredAddress | null) => onSelectedChange?.(address));
  const ready = book.status === 'ready';
  useEffect(() => {
    if (ready) notify(selected);
  }, [ready, selected]);

  const choose = async (id: string) => {
    // One change at a time; the radios stay enabled so keyboard focus is never thrown out.
    if (selecting) return;
    setSelecting(true);
    if (await selectAddress(id)) setAnnouncement('address.announce.selected');
    setSelecting(false);
  };

  const { addresses } = book;
  const isFull = addresses.length >= ADDRESS_LIMIT;
  const showsWarning = ready && addresses.length > 0 && !selected;

  return (
    <section aria-labelledby={headingId} aria-busy={book.status === 'loading' || selecting} className="space-y-4">
      <h2 id={headingId} className="text-lg text-brand-800">
        {t('address.title')}
      </h2>
      {disabled ? (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-muted">{t('address.disabled')}</p>
      ) : (
        <p className="text-sm text-muted">{t('address.lead')}</p>
      )}
      {showsWarning && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-bold text-amber-900">
          {t('address.noneSelected')}
        </p>
      )}
      {book.status === 'failed' && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p>{t('address.loadFailed')}</p>
          <button type="button" onClick={() => void loadAddresses()} className="font-bold text-brand-700 underline">
            {t('address.retry')}
          </button>
        </div>
      )}
      {(book.status === 'idle' || book.status === 'loading') && <p className="text-sm text-muted">{t('common.loading')}</p>}
      {ready && (
        // A disabled fieldset disables every radio and button in it, natively.
        <fieldset disabled={disabled} className="space-y-3 disabled:opacity-60">
          <legend className="sr-only">{t('address.listLegend')}</legend>
          {addresses.length === 0 ? (
            <p className="text-sm">{t('address.empty')}</p>
          ) : (
            <ul className="space-y-3">
              {addresses.map((address) => (
                <AddressCard
                  key={address.id}
                  address={address}
                  group={group}
                  isSelected={address.id === selected?.id}
                  onSelect={() => void choose(address.id)}
                  onEdit={() => setEditing({ mode: 'edit', address })}
                  onDelete={() => setDeleting(address)}
                />
              ))}
            </ul>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              onClick={() => setEditing({ mode: 'add' })}
              disabled={isFull}
              aria-describedby={isFull ? `${headingId}-full` : undefined}
              className="rounded-full border-2 border-brand-600 bg-white px-5 py-2 font-bold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500"
            >
              {t('address.add')}
            </button>
            {isFull && (
              <p id={`${headingId}-full`} className="text-xs text-muted">
                {tf('address.limitNote', { limit: ADDRESS_LIMIT })}
              </p>
            )}
          </div>
        </fieldset>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement ? t(announcement) : ''}
      </p>
      {/* Mounted only while open: even closed, Headless UI renders a hidden element with an inline
          style, which the CSP refuses in server-rendered HTML. */}
      {editing && (
        <AddressFormDialog
          address={editing.mode === 'edit' ? editing.address : undefined}
          onClose={(saved) => {
            if (saved) setAnnouncement(editing.mode === 'edit' ? 'address.announce.updated' : 'address.announce.added');
            setEditing(null);
          }}
        />
      )}
      {deleting && (
        <DeleteAddressDialog
          address={deleting}
          onClose={(deleted) => {
            if (deleted) setAnnouncement('address.announce.deleted');
            setDeleting(null);
          }}
        />
      )}
    </section>
  );
}
