import { and, asc, eq, exists, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, addresses, cards, consentEvents, emailChangeTokens, mails, massMailRecipients, orders, sessions, stepMailDeliveries, supportTickets } from '../../db/schema/index.ts';

export async function updateProfile(db: Database, accountId: string, change: { lastName: string; firstName: string; birthday: string }, now: Date): Promise<void> {
  await db.update(accounts).set({ ...change, updatedAt: now }).where(eq(accounts.id, accountId));
}

export async function findPendingEmailChange(db: Database, accountId: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ newEmail: emailChangeTokens.newEmail })
    .from(emailChangeTokens)
    .where(and(eq(emailChangeTokens.accountId, accountId), isNull(emailChangeTokens.usedAt), gt(emailChangeTokens.expiresAt, now)))
    .orderBy(emailChangeTokens.createdAt)
    .limit(1);
  return row?.newEmail;
}

/** A new request replaces any earlier one: only the last link works. */
export async function replaceEmailChangeToken(db: Database, token: { tokenHash: string; accountId: string; newEmail: string; expiresAt: Date }): Promise<void> {
  await db.delete(emailChangeTokens).where(eq(emailChangeTokens.accountId, token.accountId));
  await db.insert(emailChangeTokens).values(token);
}

/** Marks the token used; the change it asked for, when it was valid. */
export async function consumeEmailChangeToken(db: Database, tokenHash: string, now: Date): Promise<{ accountId: string; newEmail: string } | undefined> {
  const [row] = await db
    .update(emailChangeTokens)
    .set({ usedAt: now })
    .where(and(eq(emailChangeTokens.tokenHash, tokenHash), isNull(emailChangeTokens.usedAt), gt(emailChangeTokens.expiresAt, now)))
    .returning({ accountId: emailChangeTokens.accountId, newEmail: emailChangeTokens.newEmail });
  return row;
}

export async function updateEmail(db: Database, accountId: string, email: string, now: Date): Promise<void> {
  await db.update(accounts).set({ email, updatedAt: now }).where(eq(accounts.id, accountId));
}

/**
 * Closing an account (APPI): names, email, birthday, password, addresses, card, sessions and the
 * sender details of support tickets go;
 * the account row stays as an anonymous key for the orders and charges the books must keep.
 */
export async function anonymizeAccount(db: Database, accountId: string, now: Date, passwordHash: string): Promise<void> {
  await db
    .update(accounts)
    .set({
      email: `closed-${accountId}@closed.invalid`,
      firstName: '-',
      lastName: '-',
      birthday: '190001',
      passwordHash,
      eventMail: false,
      selectedAddressId: null,
      referralCode: null,
      closedAt: now,
      updatedAt: now,
    })
    .where(eq(accounts.id, accountId));
  const closedAddress = `closed-${accountId}@closed.invalid`;
  // The member's inquiries stay for staff, without who sent them.
  await db.update(supportTickets).set({ lastName: '-', firstName: '-', email: closedAddress }).where(eq(supportTickets.accountId, accountId));
  // The mass- and step-mail logs keep that a copy went, not to which address (issue 27).
  await db.update(stepMailDeliveries).set({ email: closedAddress }).where(eq(stepMailDeliveries.accountId, accountId));
  await db.update(massMailRecipients).set({ email: closedAddress }).where(eq(massMailRecipients.accountId, accountId));
  await db.delete(addresses).where(eq(addresses.accountId, accountId));
  await db.delete(cards).where(eq(cards.accountId, accountId));
  await db.delete(emailChangeTokens).where(eq(emailChangeTokens.accountId, accountId));
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

export async function isEmailInUse(db: Database, email: string): Promise<boolean> {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
  return rows.length > 0;
}

/** Everything the member's own tables hold about them, for the APPI disclosure (decrypted nothing: no secrets are stored). */
export async function exportRowsOf(db: Database, accountId: string) {
  const [account] = await db
    .select({
      email: accounts.email,
      lastName: accounts.lastName,
      firstName: accounts.firstName,
      birthday: accounts.birthday,
      eventMail: accounts.eventMail,
      referralCode: accounts.referralCode,
      createdAt: accounts.createdAt,
      updatedAt: accounts.updatedAt,
    })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const [consents, addressRows, cardRows, orderRows, tickets, mailRows] = await Promise.all([
    db
      .select({ purpose: consentEvents.purpose, granted: consentEvents.granted, source: consentEvents.source, ip: consentEvents.ip, at: consentEvents.at })
      .from(consentEvents)
      .where(eq(consentEvents.accountId, accountId))
      .orderBy(asc(consentEvents.at)),
    db.select().from(addresses).where(eq(addresses.accountId, accountId)).orderBy(asc(addresses.createdAt)),
    db
      .select({ holderName: cards.holderName, brand: cards.brand, last4: cards.last4, expMonth: cards.expMonth, expYear: cards.expYear, updatedAt: cards.updatedAt })
      .from(cards)
      .where(eq(cards.accountId, accountId)),
    db
      .select({
        id: orders.id,
        kind: orders.kind,
        status: orders.status,
        planName: orders.planName,
        productId: orders.productId,
        optionId: orders.optionId,
        contractMonth: orders.contractMonth,
        totalPrice: orders.totalPrice,
        books: orders.books,
        booksPrice: orders.booksPrice,
        lessonAccountId: orders.lessonAccountId,
        createdAt: orders.createdAt,
        completedAt: orders.completedAt,
      })
      .from(orders)
      .where(eq(orders.accountId, accountId))
      .orderBy(asc(orders.createdAt)),
    db.select().from(supportTickets).where(eq(supportTickets.accountId, accountId)).orderBy(asc(supportTickets.createdAt)),
    db
      .select({ template: mails.template, to: mails.toAddress, subject: mails.subject, status: mails.status, createdAt: mails.createdAt })
      .from(mails)
      .innerJoin(accounts, eq(accounts.id, accountId))
      .where(eq(mails.toAddress, accounts.email))
      .orderBy(asc(mails.createdAt)),
  ]);
  const addressesOut = addressRows.map(({ accountId: _owner, ...address }) => address);
  // The desk's own records stay out (product decision 31): who owns the ticket, its reply token and clock.
  const ticketsOut = tickets.map(({ accountId: _owner, assigneeId: _assignee, replyToken: _token, waitingSince: _waiting, ...ticket }) => ticket);
  return { account, consents, addresses: addressesOut, card: cardRows[0] ?? null, orders: orderRows, supportTickets: ticketsOut, mails: mailRows };
}

/** Sign-ups through the member's invitation link, and how many of them ordered (product decision 22). */
export async function referralCountsOf(db: Database, accountId: string): Promise<{ signups: number; orders: number }> {
  // The subquery is built by drizzle so that its columns are qualified: written as raw SQL inside a
  // select list, drizzle prints bare names, and `account_id = id` compared an order with itself (issue 27).
  const ordered = db
    .select({ one: sql`1` })
    .from(orders)
    .where(and(eq(orders.accountId, accounts.id), eq(orders.status, 'completed')));
  const [row] = await db
    .select({
      signups: sql<number>`count(*)::int`,
      orders: sql<number>`(count(*) filter (where ${exists(ordered)}))::int`,
    })
    .from(accounts)
    .where(eq(accounts.referredBy, accountId));
  return { signups: row?.signups ?? 0, orders: row?.orders ?? 0 };
}

export async function findReferralCode(db: Database, accountId: string): Promise<string | null> {
  const [row] = await db.select({ code: accounts.referralCode }).from(accounts).where(eq(accounts.id, accountId));
  return row?.code ?? null;
}

/** Gives the member a code once; a concurrent first visit keeps whichever was stored first. */
export async function setReferralCodeOnce(db: Database, accountId: string, code: string): Promise<void> {
  await db.update(accounts).set({ referralCode: code }).where(and(eq(accounts.id, accountId), isNull(accounts.referralCode)));
}

export async function findAccountIdByReferralCode(db: Database, code: string): Promise<string | undefined> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.referralCode, code), isNull(accounts.closedAt)));
  return row?.id;
}

export async function setReferrer(db: Database, accountId: string, referrerId: string): Promise<void> {
  await db.update(accounts).set({ referredBy: referrerId }).where(and(eq(accounts.id, accountId), isNull(accounts.referredBy)));
}

export async function findAccountIdByEmail(db: Database, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)).limit(1);
  return row?.id;
}
