import { useId } from 'react';
import type { StoredAddress } from '../../../domain/address-schemas.ts';
import { t, tf } from '../../../i18n/ja.ts';
import { fullAddress, postalCode, recipientName, romanizedName } from './format.ts';

interface Props {
  address: StoredAddress;
  /** The radio group's name, shared by every card of the book. */
  group: string;
  isSelected: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

const smallButton =
  'rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-bold text-ink hover:border-brand-500 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:border-slate-300';

/**
 * One address as a radio card: a native radio (arrow keys move between addresses, screen readers
 * say "radio, 2 of 3") named by the recipient alone and described by the address, so moving
 * through the list is not a wall of text. Edit and delete sit outside the label: buttons of their own.
 */
export function AddressCard({ address, group, isSelected, onSelect, onEdit, onDelete }: Props) {
  const id = useId();
  const name = recipientName(address);
  return (
    <li className="rounded-xl border border-slate-300 bg-white transition has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600">
      <label htmlFor={id} className="grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 p-4 has-disabled:cursor-not-allowed">
        <input
          id={id}
          type="radio"
          name={group}
          value={address.id}
          checked={isSelected}
          onChange={onSelect}
          aria-labelledby={`${id}-name`}
          aria-describedby={`${id}-details`}
          className="row-span-3 mt-1 h-4 w-4 accent-brand-600"
        />
        <span id={`${id}-name`} className="font-bold text-ink">
          {name}
        </span>
        <span className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <span lang="en">{romanizedName(address)}</span>
          {isSelected && <span className="rounded bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">{t('address.selected')}</span>}
        </span>
        <span id={`${id}-details`} className="mt-1 text-sm break-words text-ink">
          <span className="block">{postalCode(address)}</span>
          <span className="block">{fullAddress(address)}</span>
          <span className="block">{tf('address.phoneValue', { phone: address.phone })}</span>
        </span>
      </label>
      <div className="flex flex-wrap items-center gap-2 px-4 pb-4 pl-11">
        <button type="button" onClick={onEdit} aria-label={`${t('address.edit')} ${name}`} className={smallButton}>
          {t('address.edit')}
        </button>
        <button
          type="button"
          onClick={onDelete}
          disabled={isSelected}
          aria-label={`${t('address.delete')} ${name}`}
          aria-describedby={isSelected ? `${id}-locked` : undefined}
          className={smallButton}
        >
          {t('address.delete')}
        </button>
        {isSelected && (
          <span id={`${id}-locked`} className="text-xs text-muted">
            {t('address.selectedCannotDelete')}
          </span>
        )}
      </div>
    </li>
  );
}
