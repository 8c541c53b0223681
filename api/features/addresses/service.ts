import { isCanonicalUuid } from '../../../src/domain/ids.ts';
import { ADDRESS_LIMIT, type AddressPayload, type StoredAddress } from '../../../src/domain/address-schemas.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthSession } from '../auth/sessions.ts';
import {
  countAddresses,
  deleteAddress,
  findAddress,
  findSelectedAddressId,
  insertAddress,
  listAddresses,
  lockAccountSelection,
  updateAddress,
  updateSelectedAddress,
  type AddressRow,
  type AddressValues,
} from './queries.ts';

/** Reads and writes other features may use (a feature's queries.ts is its own: lint enforces it). */
export { findSelectedAddress } from './queries.ts';

/** The stored shape of the spec; rows never leave the API as they are. */
export function toStoredAddress(row: AddressRow): StoredAddress {
  return {
    id: row.id,
    last_name: row.lastName,
    first_name: row.firstName,
    furigana_sei: row.furiganaSei,
    furigana_mei: row.furiganaMei,
    address_zip: row.addressZip,
    address_state: row.addressState,
    address_city: row.addressCity,
    address_line: row.addressLine,
    address_line2: row.addressLine2,
    phone: row.phone,
  };
}

function toValues(payload: AddressPayload): AddressValues {
  return {
    lastName: payload.lastName,
    firstName: payload.firstName,
    furiganaSei: payload.romanizedLastName,
    furiganaMei: payload.romanizedFirstName,
    addressZip: payload.addressZip,
    addressState: payload.addressState,
    addressCity: payload.addressCity,
    addressLine: payload.addressDetails,
    addressLine2: payload.buildingName,
    phone: payload.phoneNumber,
  };
}

/**
 * Ids arrive canonical (lower case, from src/domain/ids.ts), so comparing them with stored ids is
 * safe; one that is not a UUID names no address (and must not reach the uuid column as an error).
 */
function assertAddressId(id: string | undefined): asserts id is string {
  if (!id || !isCanonicalUuid(id)) throw new AppError('notFound');
}

export async function listAddressBook(ctx: AppContext, session: AuthSession): Promise<{ addresses: StoredAddress[]; selected: StoredAddress | null }> {
  const { db } = ctx.database;
  const [rows, selectedId] = await Promise.all([listAddresses(db, session.accountId), findSelectedAddressId(db, session.accountId)]);
  const addresses = rows.map(toStoredAddress);
  return { addresses, selected: addresses.find((address) => address.id === selectedId) ?? null };
}

/** Adds an address; the first one (more exactly: one added while none is selected) becomes the selected one. */
export async function addAddress(ctx: AppContext, session: AuthSession, payload: AddressPayload): Promise<StoredAddress> {
  const row = await ctx.database.db.transaction(async (tx) => {
    const selectedId = await lockAccountSelection(tx, session.accountId);
    if (selectedId === undefined) throw new AppError('unauthorized');
    if ((await countAddresses(tx, session.accountId)) >= ADDRESS_LIMIT) throw new AppError('addressLimitReached');
    const inserted = await insertAddress(tx, session.accountId, toValues(payload));
    if (selectedId === null) await updateSelectedAddress(tx, session.accountId, inserted.id);
    return inserted;
  });
  return toStoredAddress(row);
}

export async function editAddress(ctx: AppContext, session: AuthSession, id: string | undefined, payload: AddressPayload): Promise<StoredAddress> {
  assertAddressId(id);
  const row = await updateAddress(ctx.database.db, session.accountId, id, toValues(payload));
  if (!row) throw new AppError('notFound');
  return toStoredAddress(row);
}

/** Deletes an address, except the selected one (409): a member always keeps a delivery address. */
export async function removeAddress(ctx: AppContext, session: AuthSession, id: string | undefined): Promise<void> {
  assertAddressId(id);
  await ctx.database.db.transaction(async (tx) => {
    const selectedId = await lockAccountSelection(tx, session.accountId);
    // Ownership first: another member's selected address answers 404, not 409.
    if (!(await findAddress(tx, session.accountId, id))) throw new AppError('notFound');
    if (selectedId === id) throw new AppError('selectedAddressLocked');
    await deleteAddress(tx, session.accountId, id);
  });
}

/** Makes an address the delivery address; the one already selected cannot be re-selected (409). */
export async function selectAddress(ctx: AppContext, session: AuthSession, id: string): Promise<void> {
  assertAddressId(id);
  await ctx.database.db.transaction(async (tx) => {
    const selectedId = await lockAccountSelection(tx, session.accountId);
    if (!(await findAddress(tx, session.accountId, id))) throw new AppError('notFound');
    if (selectedId === id) throw new AppError('addressAlreadySelected');
    await updateSelectedAddress(tx, session.accountId, id);
  });
}
