import type { AppContext } from '../context.ts';
import { billingTick, hasDueBillingWork } from '../features/billing/jobs.ts';
import { hasDueStepMails, stepMailTick } from '../features/step-mails/scheduler.ts';
import { hasDueScheduledMassMails, startDueMassMails } from '../features/mass-mail/service.ts';

/**
 * Time-based work that /dev/clock runs when it moves the clock forward: each kind says how to start
 * what has come due and whether anything is still due or under way. A feature with scheduled work
 * (billing, step mails, reminders) adds itself here.
 */
export interface DueWork {
  name: string;
  start(ctx: AppContext): Promise<unknown>;
  isPending(ctx: AppContext): Promise<boolean>;
}

export const dueWork: DueWork[] = [
  { name: 'billing', start: billingTick, isPending: hasDueBillingWork },
  // Step mails are sent by the tick itself (each delivery claimed once, whichever process runs it).
  { name: 'step mails', start: stepMailTick, isPending: hasDueStepMails },
  // Mass mails scheduled for a time now past (product decision 34).
  { name: 'scheduled mass mail', start: startDueMassMails, isPending: hasDueScheduledMassMails },
];

/** Starts every kind of due work and waits until none is left (or the time is up). */
export async function runDueWork(ctx: AppContext, timeoutMs = 120_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (const work of dueWork) await work.start(ctx);
  let rounds = 0;
  for (;;) {
    let pending = false;
    for (const work of dueWork) {
      if (await work.isPending(ctx)) {
        pending = true;
        break;
      }
    }
    if (!pending) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
    rounds += 1;
    // Without a queue the work runs here; with one, it is queued again now and then, in case a
    // job finished just before it could see what is due (the queue drops duplicates).
    if (!ctx.jobs || rounds % 20 === 0) for (const work of dueWork) await work.start(ctx);
  }
}
