import { and, asc, count, desc, eq, exists, gt, ilike, inArray, ne, not, or, sql, type SQL } from 'drizzle-orm';
import type { MemberStatusFilter } from '../../../src/domain/admin/members.ts';
import type { Database } from '../../db/client.ts';
import { accounts, addresses, cards, mails, orders, subscriptions } from '../../db/schema/index.ts';
import { likePattern } from '../../db/like-pattern.ts';

export type MemberAccountRow = typeof accounts.$inferSelect;

/** The account has a subscription (matching a condition): a plan it holds or held. */
function hasSubscription(db: Database, condition?: SQL): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(subscriptions)
      .where(and(eq(subscriptions.accountId, accounts.id), condition)),
  );
}

export interface MemberFilter {
  q: string;
  /** q without spaces, for names typed with or without the space. */
  nameQ: string;
  status: MemberStatusFilter | '';
}

function memberConditions(db: Database, filter: MemberFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.q) {
    parts.push(
      or(
        ilike(accounts.email, likePattern(filter.q)),
        filter.nameQ ? ilike(sql`${accounts.lastName} || ${accounts.firstName}`, likePattern(filter.nameQ)) : undefined,
        filter.nameQ ? ilike(sql`${accounts.firstName} || ${accounts.lastName}`, likePattern(filter.nameQ)) : undefined,
      ),
    );
  }
  if (filter.status === 'noPlan') parts.push(not(hasSubscription(db, ne(subscriptions.status, 'ended'))));
  else if (filter.status) parts.push(hasSubscription(db, eq(subscriptions.status, filter.status)));
  return and(...parts.filter((part): part is SQL => part !== undefined));
}

/** A page of accounts, newest first, and how many match. */
export async function searchMemberAccounts(db: Database, filter: MemberFilter, page: { limit: number; offset: number }) {
  const where = memberConditions(db, filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: accounts.id,
        email: accounts.email,
        lastName: accounts.lastName,
        firstName: accounts.firstName,
        role: accounts.role,
        isTest: accounts.isTest,
        createdAt: accounts.createdAt,
      })
      .from(accounts)
      .where(where)
      .orderBy(desc(accounts.createdAt), asc(accounts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(accounts).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The plans of these accounts: live ones first (normal, then ESAT-J), then ended ones. */
export async function findPlansOf(db: Database, accountIds: string[]) {
  if (accountIds.length === 0) return [];
  return db
    .select({ accountId: subscriptions.accountId, kind: subscriptions.kind, planName: subscriptions.planName, status: subscriptions.status })
    .from(subscriptions)
    .where(inArray(subscriptions.accountId, accountIds))
    .orderBy(sql`case when ${subscriptions.status} = 'ended' then 1 else 0 end`, asc(subscriptions.kind), desc(subscriptions.createdAt));
}

/** When the member first became one: their first subscription. */
export async function findFirstSubscriptionAt(db: Database, accountId: string): Promise<Date | undefined> {
  const [row] = await db.select({ at: subscriptions.createdAt }).from(subscriptions).where(eq(subscriptions.accountId, accountId)).orderBy(asc(subscriptions.createdAt)).limit(1);
  return row?.at;
}

export async function findMemberAccount(db: Database, id: string): Promise<MemberAccountRow | undefined> {
  return (await db.select().from(accounts).where(eq(accounts.id, id)))[0];
}

export async function findSelectedAddress(db: Database, account: Pick<MemberAccountRow, 'id' | 'selectedAddressId'>) {
  if (!account.selectedAddressId) return undefined;
  return (await db.select().from(addresses).where(and(eq(addresses.id, account.selectedAddressId), eq(addresses.accountId, account.id))))[0];
}

export async function findCardSummary(db: Database, accountId: string) {
  return (
    await db.select({ brand: cards.brand, last4: cards.last4, expMonth: cards.expMonth, expYear: cards.expYear }).from(cards).where(eq(cards.accountId, accountId))
  )[0];
}

export async function findOrdersOf(db: Database, accountId: string) {
  return db
    .select({
      id: orders.id,
      kind: orders.kind,
      status: orders.status,
      planName: orders.planName,
      optionId: orders.optionId,
      contractMonth: orders.contractMonth,
      monthlyPrice: orders.monthlyPrice,
      totalPrice: orders.totalPrice,
      booksPrice: orders.booksPrice,
      lessonAccountId: orders.lessonAccountId,
      createdAt: orders.createdAt,
      completedAt: orders.completedAt,
    })
    .from(orders)
    .where(eq(orders.accountId, accountId))
    .orderBy(desc(orders.createdAt));
}

/** Mails sent to an address, newest first (service mail and advertising mail alike). */
export async function findMailsTo(db: Database, address: string, limit: number) {
  return db
    .select({ id: mails.id, template: mails.template, subject: mails.subject, status: mails.status, createdAt: mails.createdAt, sentAt: mails.sentAt })
    .from(mails)
    .where(eq(mails.toAddress, address))
    .orderBy(desc(mails.createdAt))
    .limit(limit);
}

/**
 * One page of the member export (product decision 33): the list's filters, in id order after
 * `afterId` (keyset paging: each page is one short query, however long the export).
 */
export async function memberExportPage(db: Database, filter: MemberFilter, afterId: string | null, limit: number) {
  return db
    .select({
      id: accounts.id,
      email: accounts.email,
      lastName: accounts.lastName,
      firstName: accounts.firstName,
      isTest: accounts.isTest,
      createdAt: accounts.createdAt,
      // Written with an alias and the outer table named: in a select list drizzle writes a column
      // without its table, and a bare "id" inside the subquery would be the subscription's own.
      plans: sql<string | null>`(select string_agg(s.plan_name, ' / ' order by s.created_at) from ${subscriptions} s where s.account_id = ${accounts}.id and s.status <> 'ended')`,
      status: sql<string | null>`(select s.status from ${subscriptions} s where s.account_id = ${accounts}.id order by case when s.status = 'ended' then 1 else 0 end, s.kind, s.created_at desc limit 1)`,
    })
    .from(accounts)
    .where(and(memberConditions(db, filter), afterId ? gt(accounts.id, afterId) : undefined))
    .orderBy(asc(accounts.id))
    .limit(limit);
}
