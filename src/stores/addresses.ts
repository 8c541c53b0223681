import { computed } from 'nanostores';
import type { AddressList, AddressPayload, StoredAddress } from '../domain/address-schemas.ts';
import { api, errorKeyOf, statusOf } from '../lib/api.ts';
import { createFetcherStore, mutateCache, readAgain, statusOfResource, type ResourceStatus } from '../lib/fetcher.ts';
import { showError } from './snackbar.ts';

const KEY = '/v2/addresses';

interface AddressBookData {
  addresses: StoredAddress[];
  selectedId: string | null;
}

/** The book as the server last said it, through the fetcher layer (one request for every reader). */
export const $addressesQuery = createFetcherStore<AddressBookData>([KEY], {
  fetcher: async () => {
    const reply = await api<AddressList>(KEY);
    return { addresses: reply.data, selectedId: reply.selected_address?.id ?? null };
  },
  onError: (error) => showError(errorKeyOf(error)),
});

/**
 * The member's address book: the list (oldest first) and the selected id. Registration and My
 * Page share it, so a change in one shows in the other without a reload.
 */
export interface AddressBookState extends AddressBookData {
  status: ResourceStatus;
}

export const $addressBook = computed($addressesQuery, (value): AddressBookState => ({
  status: statusOfResource(value),
  addresses: value.data?.addresses ?? [],
  selectedId: value.data?.selectedId ?? null,
}));

/** The selected address, or null (none yet, or none selected: the book then shows a warning). */
export const $selectedAddress = computed($addressBook, ({ addresses, selectedId }) => addresses.find((address) => address.id === selectedId) ?? null);

/** Reads the book again (the retry button, and after a change only the server can tell). */
export function loadAddresses(): Promise<void> {
  return readAgain($addressesQuery);
}

/** Puts a change the server confirmed into the book every reader shares. */
function update(change: (book: AddressBookData) => AddressBookData): void {
  const current = $addressesQuery.get().data;
  if (current) mutateCache(KEY, change(current));
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
    await api(KEY, { method: 'POST', body: payload });
  } catch (error) {
    return fail(error);
  }
  await loadAddresses();
  return true;
}

export async function editAddress(id: string, payload: AddressPayload): Promise<boolean> {
  try {
    const reply = await api<{ data: StoredAddress }>(`${KEY}/${encodeURIComponent(id)}`, { method: 'PUT', body: payload });
    update((book) => ({ ...book, addresses: book.addresses.map((address) => (address.id === id ? reply.data : address)) }));
    return true;
  } catch (error) {
    return fail(error);
  }
}

export async function deleteAddress(id: string): Promise<boolean> {
  try {
    await api(`${KEY}/${encodeURIComponent(id)}`, { method: 'DELETE' });
    update((book) => ({ ...book, addresses: book.addresses.filter((address) => address.id !== id) }));
    return true;
  } catch (error) {
    return fail(error);
  }
}

export async function selectAddress(id: string): Promise<boolean> {
  try {
    await api('/v2/select-address', { method: 'POST', body: { id } });
    update((book) => ({ ...book, selectedId: id }));
    return true;
  } catch (error) {
    return fail(error);
  }
}
