import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, addresses } from '../../db/schema/index.ts';

export type AddressRow = typeof addresses.$inferSelect;
/** The columns a member writes; the rest (id, account, times) the server sets. */
export type AddressValues = Pick<
  typeof addresses.$inferInsert,
  'lastName' | 'firstName' | 'furiganaSei' | 'furiganaMei' | 'addressZip' | 'addressState' | 'addressCity' | 'addressLine' | 'addressLine2' | 'phone'
>;

/**
 * Locks the member's account row for the rest of the transaction, so that two requests of one
 * member (two tabs) cannot both pass the 20-address limit or delete an address being selected.
 * Returns the selected address id (null when none); undefined when the account is gone.
 */
export async function lockAccountSelection(db: Database, accountId: string): Promise<string | null | undefined> {
  const rows = await db
    .select({ selectedAddressId: accounts.selectedAddressId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  return rows[0] ? rows[0].selectedAddressId : undefined;
}

/** The member's addresses, oldest first (the order they were added in). */
export async function listAddresses(db: Database, accountId: string): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.accountId, accountId)).orderBy(asc(addresses.createdAt), asc(addresses.id));
}

export async function findSelectedAddressId(db: Database, accountId: string): Promise<string | null> {
  const rows = await db.select({ id: accounts.selectedAddressId }).from(accounts).where(eq(accounts.id, accountId));
  return rows[0]?.id ?? null;
}

/** The member's selected address (the one orders ship to and a card needs), if any. */
export async function findSelectedAddress(db: Database, accountId: string) {
  const [row] = await db
    .select({ address: addresses })
    .from(accounts)
    .innerJoin(addresses, eq(addresses.id, accounts.selectedAddressId))
    .where(eq(accounts.id, accountId));
  return row?.address;
}

/** One address of the member; another member's address is not found, like a missing one. */
export async function findAddress(db: Database, accountId: string, id: string): Promise<AddressRow | undefined> {
  const rows = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.accountId, accountId)))
    .limit(1);
  return rows[0];
}

export async function countAddresses(db: Database, accountId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(addresses).where(eq(addresses.accountId, accountId));
  return rows[0]?.n ?? 0;
}

export async function insertAddress(db: Database, accountId: string, values: AddressValues): Promise<AddressRow> {
  const rows = await db
    .insert(addresses)
    .values({ ...values, accountId })
    .returning();
  return rows[0]!;
}

/** Updates one address of the member; undefined when the member has no such address. */
export async function updateAddress(db: Database, accountId: string, id: string, values: AddressValues): Promise<AddressRow | undefined> {
  const rows = await db
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(addresses.id, id), eq(addresses.accountId, accountId)))
    .returning();
  return rows[0];
}

/** Deletes one address of the member; false when the member has no such address. */
export async function deleteAddress(db: Database, accountId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.accountId, accountId)))
    .returning({ id: addresses.id });
  return rows.length > 0;
}

export async function updateSelectedAddress(db: Database, accountId: string, addressId: string): Promise<void> {
  await db.update(accounts).set({ selectedAddressId: addressId, updatedAt: new Date() }).where(eq(accounts.id, accountId));
}
