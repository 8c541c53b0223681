import { computed, map } from 'nanostores';
import type { AddressList, AddressPayload, StoredAddress } from '../domain/address-schemas.ts';
import { api, errorKeyOf, statusOf } from '../lib/api.ts';
import { showError } from './snackbar.ts';

/**
 * The member's address book as the server last said it: the list (oldest first) and the selected
 * id. Registration and My Page share it, so a change in one shows in the other without a reload.
 */
export interface AddressBookState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  addresses: StoredAddress[];
  selectedId: string | null;
}

export const $addressBook = map<AddressBookState>({ status: 'idle', addresses: [], selectedId: null });

/** The selected address, or null (none yet, or none selected: the book then shows a warning). */
export const $selectedAddress = computed($addressBook, ({ addresses, selectedId }) => addresses.find((address) => address.id === selectedId) ?? null);

let loading: Promise<void> | undefined;

/** Reads the book from the server; concurrent callers share one request. */
export function loadAddresses(): Promise<void> {
  loading ??= (async () => {
    if ($addressBook.get().status !== 'ready') $addressBook.setKey('status', 'loading');
    try {
      const reply = await api<AddressList>('/v2/addresses');
      $addressBook.set({ status: 'ready', addresses: reply.data, selectedId: reply.selected_address?.id ?? null });
    } catch (error) {
      $addressBook.setKey('status', 'failed');
      showError(errorKeyOf(error));
    } finally {
      loading = undefined;
    }
  })();
  return loading;
}

/**
 * Shows why a change failed. A 404 or 409 means this tab's list is out of date (the address was
 * deleted or selected in another tab), so the list is read again.
 */
function fail(error: unknown): false {
  showError(errorKeyOf(error));
  const status = statusOf(error);
  if (status === 404 || status === 409) void loadAddresses();
  return false;
}

/** Adds an address; the server decides whether it becomes the selected one, so the book is re-read. */
export async function addAddress(payload: AddressPayload): Promise<boolean> {
  try {
    await api('/v2/addresses', { method: 'POST', body: payload });
  } catch (error) {
    return fail(error);
  }
  // A read that started before the POST would miss the new address: wait for it, then read again.
  await loading;
  await loadAddresses();
  return true;
}

export async function editAddress(id: string, payload: AddressPayload): Promise<boolean> {
  try {
    const reply = await api<{ data: StoredAddress }>(`/v2/addresses/${encodeURIComponent(id)}`, { method: 'PUT', body: payload });
    const addresses = $addressBook.get().addresses.map((address) => (address.id === id ? reply.data : address));
    $addressBook.setKey('addresses', addresses);
    return true;
  } catch (error) {
    return fail(error);
  }
}

export async function deleteAddress(id: string): Promise<boolean> {
  try {
    await api(`/v2/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' });
    $addressBook.setKey(
      'addresses',
      $addressBook.get().addresses.filter((address) => address.id !== id),
    );
    return true;
  } catch (error) {
    return fail(error);
  }
}

export async function selectAddress(id: string): Promise<boolean> {
  try {
    await api('/v2/select-address', { method: 'POST', body: { id } });
    $addressBook.setKey('selectedId', id);
    return true;
  } catch (error) {
    return fail(error);
  }
}
