import { isRetryDue, RETRY_DAYS } from '../../../src/domain/billing/schedule.ts';
import type { AppContext } from '../../context.ts';
import { attemptCharge } from './charging.ts';
import { listFailedFeeCharges, type ChargeRow } from './queries.ts';
import { businessToday } from './state.ts';

/**
 * Fees are charges like any other (product decision 27): a cancellation fee, a buyout or a textbook charge
 * that failed is tried again on product decision 14's days (never after a hard decline, until the card
 * changes), with the same mails; it never moves the plan's status. The billing tick runs this.
 */
export async function dueFeeCharges(ctx: AppContext): Promise<ChargeRow[]> {
  const today = businessToday(ctx.clock.now());
  const failed = await listFailedFeeCharges(ctx.database.db, RETRY_DAYS.length);
  return failed.filter((charge) => charge.firstFailedOn !== null && isRetryDue(charge.firstFailedOn, charge.attempts, charge.failureCode, today));
}

/** Retries every fee whose retry day has come (a clock moved far ahead catches up retry by retry). */
export async function retryDueFees(ctx: AppContext): Promise<number> {
  let tried = 0;
  for (let round = 0; round <= RETRY_DAYS.length; round += 1) {
    const due = await dueFeeCharges(ctx);
    if (!due.length) break;
    for (const charge of due) {
      await attemptCharge(ctx, charge.id, { offSession: true });
      tried += 1;
    }
  }
  return tried;
}
