import { randomBytes } from 'node:crypto';
import type { H3 } from 'h3';
import type { ReferralReply } from '../../../src/domain/profile-schemas.ts';
import type { AppContext } from '../../context.ts';
import { requireSession } from '../auth/guard.ts';
import { findAccountIdByEmail, findAccountIdByReferralCode, findReferralCode, referralCountsOf, setReferralCodeOnce, setReferrer } from './queries.ts';

/** The invitation code's shape (lower-case letters and digits): also what the site handler accepts in ?ref=. */
export const REFERRAL_CODE = /^[a-z0-9]{10}$/;

function newCode(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  return [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** The member's code, made on first use (product decision 22). */
export async function referralCodeOf(ctx: AppContext, accountId: string): Promise<string> {
  const { db } = ctx.database;
  const existing = await findReferralCode(db, accountId);
  if (existing) return existing;
  // A collision on the unique index is astronomically rare; the next attempt takes another code.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      await setReferralCodeOnce(db, accountId, newCode());
      break;
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
  return (await findReferralCode(db, accountId))!;
}

/** A sign-up that came through an invitation link: the new account remembers who invited it. */
export async function recordReferralAtSignUp(ctx: AppContext, email: string, code: string | undefined): Promise<void> {
  if (!code || !REFERRAL_CODE.test(code)) return;
  const { db } = ctx.database;
  const [referrer, account] = await Promise.all([findAccountIdByReferralCode(db, code), findAccountIdByEmail(db, email)]);
  if (!referrer || !account || referrer === account) return;
  await setReferrer(db, account, referrer);
  ctx.logger.info('sign-up through a referral', { accountId: account });
}

export function registerReferralRoutes(app: H3, ctx: AppContext): void {
  app.get('/api/v2/referral', async (event): Promise<ReferralReply> => {
    const session = await requireSession(event, ctx);
    const code = await referralCodeOf(ctx, session.accountId);
    const counts = await referralCountsOf(ctx.database.db, session.accountId);
    return { status: 'success', data: { code, url: `${ctx.config.publicOrigin}/signup?ref=${code}`, ...counts } };
  });
}
