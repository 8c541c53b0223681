import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { sendInTransaction } from '../../jobs/queue.ts';
import type { SubscriptionRow } from './queries.ts';

/** The queue of the jobs that tell the lesson school where a member's lessons stand (worked in jobs.ts). */
export const LESSON_SYNC_QUEUE = 'lesson-school-sync';

/** What the lesson school should say about the member's lessons. */
export function lessonStatusOf(sub: Pick<SubscriptionRow, 'status' | 'suspendedAt'>): 'active' | 'suspended' | 'closed' {
  if (sub.status === 'ended') return 'closed';
  return sub.suspendedAt ? 'suspended' : 'active';
}

/** The lesson school learns of a change by a job queued with the change (retried until it answers). */
export async function queueLessonSync(ctx: AppContext, tx: Database, sub: SubscriptionRow): Promise<void> {
  if (!sub.lessonAccountId) return;
  await sendInTransaction(ctx.jobs, tx, LESSON_SYNC_QUEUE, { subscriptionId: sub.id }, { singletonKey: sub.id, retryLimit: 20, retryDelay: 30, retryBackoff: true });
}
