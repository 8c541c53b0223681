import type { H3 } from 'h3';
import { clockMoveSchema, type ClockReply } from '../../../src/domain/billing/contract.ts';
import { tokyoToday } from '../../../src/domain/billing/dates.ts';
import type { AppContext } from '../../context.ts';
import { runDueWork } from '../../jobs/due-work.ts';
import { isCrossSiteRequest } from '../../lib/csrf.ts';
import { AppError } from '../../lib/errors.ts';
import { readBody } from '../../lib/validation.ts';
import { moveClockTo, syncClock } from './clock.ts';

const DAY_MS = 24 * 60 * 60_000;

/**
 * /dev/clock (api-contract.md, development only): what time the service thinks it is, and moving it
 * forward — never back. A move returns once every job that became due (billing, reminders …) has run.
 */
export function registerDevClockRoutes(app: H3, ctx: AppContext): void {
  const reply = (): ClockReply => {
    const now = ctx.clock.now();
    return { status: 'success', data: { now: now.toISOString(), today: tokyoToday(now) } };
  };

  app.get('/dev/clock', async () => {
    await syncClock(ctx, { force: true });
    return reply();
  });

  app.post('/dev/clock', async (event) => {
    // Not under /api, so the global check does not see it: a page elsewhere may not move the clock.
    if (isCrossSiteRequest(event, ctx.config)) throw new AppError('crossSiteRequest');
    const input = await readBody(event, clockMoveSchema);
    await syncClock(ctx, { force: true });
    const now = ctx.clock.now();
    const target = 'advanceDays' in input ? new Date(now.getTime() + input.advanceDays * DAY_MS) : new Date(input.to);
    if (target.getTime() < now.getTime() - 1000) throw new AppError('clockBackwards');
    await moveClockTo(ctx, target);
    if (!(await runDueWork(ctx))) throw new AppError('clockBusy');
    return reply();
  });
}
