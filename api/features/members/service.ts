import { normalizeEmail } from '../../../src/domain/auth-schemas.ts';
import { tokyoToday } from '../../../src/domain/billing/dates.ts';
import type { CreateAccountInput, CreatedAccount } from '../../../src/domain/admin/accounts.ts';
import { MEMBERS_PAGE_SIZE, nameSearchText, type MemberDetail, type MemberRow, type MemberSearch } from '../../../src/domain/admin/members.ts';
import type { Page } from '../../../src/domain/admin/paging.ts';
import { dateTimeCell, memberStatusCell, yesNoCell, type MemberExportFilter } from '../../../src/domain/admin/exports.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { listAuditEntriesAbout } from '../audit/service.ts';
import { toAuditRow, type RecordInTransaction } from '../audit/record.ts';
import { hashPassword } from '../auth/passwords.ts';
import { configuredRoles, insertAccount } from '../auth/service.ts';
import { displayName } from '../auth/sessions.ts';
import { listConsentEvents } from '../consent/service.ts';
import { adminSubscriptionsOf, billingHistoryOf } from '../billing/service.ts';
import { findCardSummary, findFirstSubscriptionAt, findMailsTo, findMemberAccount, findOrdersOf, findPlansOf, findSelectedAddress, memberExportPage, searchMemberAccounts } from './queries.ts';

/** What a member's page lists of mails and audit entries (the newest). */
const DETAIL_LIMIT = 50;

/** The console's member list: search by email or name, filter by plan status, 20 a page. */
export async function searchMembers(ctx: AppContext, search: MemberSearch): Promise<Page<MemberRow>> {
  const { db } = ctx.database;
  const { rows, total } = await searchMemberAccounts(
    db,
    { q: search.q, nameQ: nameSearchText(search.q), status: search.status },
    { limit: MEMBERS_PAGE_SIZE, offset: (search.page - 1) * MEMBERS_PAGE_SIZE },
  );
  const plans = await findPlansOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    rows: rows.map((row) => {
      const own = plans.filter((plan) => plan.accountId === row.id).map(({ kind, planName, status }) => ({ kind, planName, status }));
      return {
        id: row.id,
        email: row.email,
        name: displayName(row),
        plans: own,
        status: own[0]?.status ?? 'noPlan',
        createdAt: row.createdAt.toISOString(),
        isTest: row.isTest,
        role: row.role,
      };
    }),
    total,
    page: search.page,
    pageSize: MEMBERS_PAGE_SIZE,
  };
}

/** A member's page: profile, plans (subscriptions), orders, billing history, mails sent, audit entries. */
export async function getMemberDetail(ctx: AppContext, id: string): Promise<MemberDetail> {
  const { db } = ctx.database;
  const account = await findMemberAccount(db, id);
  if (!account) throw new AppError('notFound');
  const [address, card, orders, mails, audit, consent, subscriptions, billing, firstSubscriptionAt] = await Promise.all([
    findSelectedAddress(db, account),
    findCardSummary(db, id),
    findOrdersOf(db, id),
    findMailsTo(db, account.email, DETAIL_LIMIT),
    listAuditEntriesAbout(db, { type: 'account', id }, DETAIL_LIMIT),
    listConsentEvents(db, id),
    adminSubscriptionsOf(ctx, id),
    billingHistoryOf(ctx, id),
    findFirstSubscriptionAt(db, id),
  ]);
  return {
    profile: {
      id: account.id,
      email: account.email,
      lastName: account.lastName,
      firstName: account.firstName,
      birthday: account.birthday,
      role: account.role,
      isTest: account.isTest,
      createdAt: account.createdAt.toISOString(),
      signedUpAt: firstSubscriptionAt?.toISOString() ?? null,
      eventMail: account.eventMail,
      consentHistory: consent.map((event) => ({ granted: event.granted, source: event.source, at: event.at.toISOString() })),
      address: address
        ? {
            zip: address.addressZip,
            prefecture: address.addressState,
            city: address.addressCity,
            line: address.addressLine,
            building: address.addressLine2,
            phone: address.phone,
            name: displayName(address),
          }
        : null,
      card: card ? { brand: card.brand, last4: card.last4, exp: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}` } : null,
    },
    orders: orders.map((order) => ({
      ...order,
      createdAt: order.createdAt.toISOString(),
      completedAt: order.completedAt?.toISOString() ?? null,
    })),
    subscriptions,
    billing,
    today: tokyoToday(ctx.clock.now()),
    mails: mails.map((mail) => ({ ...mail, createdAt: mail.createdAt.toISOString(), sentAt: mail.sentAt?.toISOString() ?? null })),
    audit: audit.map(toAuditRow),
  };
}

/** Add Account: a test account (stage test) or a live one, signed up later like anyone else. */
export async function createAccountByAdmin(ctx: AppContext, input: CreateAccountInput, audit: RecordInTransaction<CreatedAccount>): Promise<CreatedAccount> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const created = await ctx.database.db.transaction(async (tx) => {
    const account = await insertAccount(tx, {
      email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      birthday: input.birthday,
      ...configuredRoles(ctx, email),
      isTest: input.stage === 'test',
    });
    if (!account) throw new AppError('emailTaken');
    const result = { id: account.id, email: account.email, isTest: account.isTest };
    await audit(result, tx);
    return result;
  });
  ctx.logger.info('account created by an admin', { accountId: created.id, isTest: created.isTest });
  return created;
}

/** One page of the member export, as CSV cells (product decision 33). */
export async function memberExportRows(ctx: AppContext, filter: MemberExportFilter, afterId: string | null, limit: number) {
  const rows = await memberExportPage(ctx.database.db, { q: filter.q, nameQ: nameSearchText(filter.q), status: filter.status }, afterId, limit);
  return rows.map((row) => ({ key: row.id, cells: [row.id, row.email, row.lastName, row.firstName, row.plans ?? '', memberStatusCell(row.status ?? 'noPlan'), dateTimeCell(row.createdAt), yesNoCell(row.isTest)] }));
}
