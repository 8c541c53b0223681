import { nextStatus, type SubscriptionEvent } from '../../../src/domain/billing/subscription-states.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { insertSubscriptionEvent, updateSubscriptionFrom, type NewSubscription, type SubscriptionRow } from './queries.ts';
import { lessonStatusOf, queueLessonSync } from './sync-lessons.ts';

export type EventCause = 'member' | 'admin' | 'clock' | 'gateway' | 'system';

/**
 * Moves a subscription by an event of the state table, inside the caller's transaction, and records
 * the event with its cause. Undefined when the table does not allow it or another process moved the
 * subscription first (the caller decides what that means).
 */
export async function transition(
  ctx: AppContext,
  tx: Database,
  sub: SubscriptionRow,
  event: SubscriptionEvent,
  changes: Partial<NewSubscription>,
  cause: { cause: EventCause; actorAccountId?: string | null; details?: Record<string, unknown> },
): Promise<SubscriptionRow | undefined> {
  const to = nextStatus(sub.status, event);
  if (!to) return undefined;
  const updated = await updateSubscriptionFrom(tx, sub.id, sub.status, { ...changes, status: to });
  if (!updated) return undefined;
  await insertSubscriptionEvent(tx, {
    subscriptionId: sub.id,
    type: event,
    fromStatus: sub.status,
    toStatus: to,
    cause: cause.cause,
    actorAccountId: cause.actorAccountId ?? null,
    details: cause.details ?? {},
    at: ctx.clock.now(),
  });
  if (sub.lessonAccountId && lessonStatusOf(updated) !== lessonStatusOf(sub)) await queueLessonSync(ctx, tx, updated);
  return updated;
}
