import type { ProfileUpdate, ProfileView } from '../../../src/domain/profile-schemas.ts';
import { normalizeEmail } from '../../../src/domain/auth-schemas.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { listLivePlans } from '../billing/service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { checkCurrentPassword, findAccountById, type AccountRow } from '../auth/service.ts';
import { createLinkToken, hashSecret } from '../auth/tokens.ts';
import { setEventMailConsent } from '../consent/service.ts';
import { queueMail } from '../mail/outbox.ts';
import { emailChangeConfirmMail, emailChangedMail, emailChangeRequestedMail } from '../mail/templates/email-change.ts';
import { anonymizeAccount, consumeEmailChangeToken, isEmailInUse, findPendingEmailChange, replaceEmailChangeToken, updateEmail, updateProfile } from './queries.ts';

const EMAIL_LINK_LIFETIME_MS = 24 * 60 * 60_000;

async function accountOf(ctx: AppContext, accountId: string): Promise<AccountRow> {
  const account = await findAccountById(ctx.database.db, accountId);
  if (!account || account.closedAt) throw new AppError('unauthorized');
  return account;
}

export async function profileOf(ctx: AppContext, accountId: string): Promise<ProfileView> {
  const account = await accountOf(ctx, accountId);
  const pendingEmail = await findPendingEmailChange(ctx.database.db, accountId, new Date());
  return { lastName: account.lastName, firstName: account.firstName, email: account.email, birthday: account.birthday, eventMail: account.eventMail, pendingEmail: pendingEmail ?? null };
}

/** Names and birthday; the event-mail choice through the consent record (product decision 19: time and source). */
export async function editProfile(ctx: AppContext, accountId: string, input: ProfileUpdate, ip: string): Promise<ProfileView> {
  const { db } = ctx.database;
  await db.transaction(async (tx) => {
    await updateProfile(tx, accountId, { lastName: input.lastName, firstName: input.firstName, birthday: input.birthday }, ctx.clock.now());
    await setEventMailConsent(ctx, { accountId, granted: input.eventMail, source: 'profile', ip }, tx);
  });
  return profileOf(ctx, accountId);
}

/** Mails a link to the new address (the change applies when it is opened) and tells the old one. */
export async function requestEmailChange(ctx: AppContext, accountId: string, input: { email: string; password: string }): Promise<void> {
  const { db } = ctx.database;
  const account = await accountOf(ctx, accountId);
  await checkCurrentPassword(ctx, account, input.password, 'wrongPassword');
  const newEmail = normalizeEmail(input.email);
  if (newEmail === account.email) throw new AppError('emailUnchanged');
  if (await isEmailInUse(db, newEmail)) throw new AppError('emailTaken');
  const { token, tokenHash } = createLinkToken();
  const settings = await ctx.siteSettings.get();
  const link = `${ctx.config.publicOrigin}/email-change#token=${token}`;
  await db.transaction(async (tx) => {
    // Real time: the link's life is about the mailbox, not the billing clock.
    await replaceEmailChangeToken(tx, { tokenHash, accountId, newEmail, expiresAt: new Date(Date.now() + EMAIL_LINK_LIFETIME_MS) });
    await queueMail(ctx, { template: 'email-change-confirm', to: newEmail, content: emailChangeConfirmMail(settings, { ...account, link }) }, tx);
    await queueMail(ctx, { template: 'email-change-requested', to: account.email, content: emailChangeRequestedMail(settings, { ...account, newEmail }) }, tx);
  });
  ctx.logger.info('email change requested', { accountId });
}

/** Applies the change the link names, unless the address was taken meanwhile; the old address is told. */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<void> {
  const { db } = ctx.database;
  const settings = await ctx.siteSettings.get();
  const done = await db.transaction(async (tx) => {
    const change = await consumeEmailChangeToken(tx, hashSecret(token), new Date());
    if (!change) return undefined;
    const account = await findAccountById(tx, change.accountId);
    if (!account || account.closedAt || (await isEmailInUse(tx, change.newEmail))) return undefined;
    await updateEmail(tx, account.id, change.newEmail, ctx.clock.now());
    await queueMail(ctx, { template: 'email-changed', to: account.email, content: emailChangedMail(settings, { ...account, newEmail: change.newEmail }) }, tx);
    return account.id;
  });
  if (!done) throw new AppError('emailChangeLinkInvalid');
  ctx.logger.info('email changed', { accountId: done });
}

/** Closes the account (APPI): refused while a plan is live; personal data removed, the books kept. */
export async function closeAccount(ctx: AppContext, accountId: string, password: string): Promise<void> {
  const account = await accountOf(ctx, accountId);
  await checkCurrentPassword(ctx, account, password, 'wrongPassword');
  if ((await listLivePlans(ctx, accountId)).length > 0) throw new AppError('planStillActive');
  // A password nobody knows: the row stays only as the key of the kept records.
  const unusable = await hashPassword(`${crypto.randomUUID()}${crypto.randomUUID()}`.replaceAll('-', ''));
  await ctx.database.db.transaction(async (tx) => {
    await setEventMailConsent(ctx, { accountId, granted: false, source: 'profile' }, tx);
    await anonymizeAccount(tx, accountId, ctx.clock.now(), unusable);
  });
  ctx.logger.info('account closed', { accountId });
}

/** Referral (product decision 22): other features reach it through this file. */
export { recordReferralAtSignUp, referralCodeOf } from './referral.ts';
