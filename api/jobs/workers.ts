import type { AppContext } from '../context.ts';
import { registerAnnouncementMailWorker } from '../features/announcements/service.ts';
import { registerPasswordResetWorker } from '../features/auth/password-reset.ts';
import { registerBillingWorkers } from '../features/billing/jobs.ts';
import { registerOrderSweep } from '../features/orders/sweep.ts';
import { registerMailWorker } from '../features/mail/outbox.ts';
import { registerMassMailWorker } from '../features/mass-mail/service.ts';
import { registerStepMailScheduler } from '../features/step-mails/scheduler.ts';
import { registerInboundMailPoll } from '../features/support/inbound-poll.ts';
import { registerMaintenance } from './maintenance.ts';

/** Every background job of the service, registered once the queue runs. */
export async function registerWorkers(ctx: AppContext): Promise<void> {
  await registerMailWorker(ctx);
  await registerPasswordResetWorker(ctx);
  await registerAnnouncementMailWorker(ctx);
  await registerMaintenance(ctx);
  await registerBillingWorkers(ctx);
  await registerOrderSweep(ctx);
  await registerMassMailWorker(ctx);
  await registerStepMailScheduler(ctx);
  await registerInboundMailPoll(ctx);
}
