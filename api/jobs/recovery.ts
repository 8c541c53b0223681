import type { AppConfig } from '../config.ts';

/**
 * How long work held by a killed process waits before a survivor settles it (issue 21: within 3
 * minutes). A worker refreshes its jobs' heartbeat every JOB_HEARTBEAT_SECONDS / 2; pg-boss's
 * supervisor, every JOBS_SUPERVISE_SECONDS in some process, fails the jobs whose heartbeat stopped,
 * and they are retried elsewhere after their queue's retry delay. A charge the dead worker had
 * claimed is repeated, with the same key, once its lease (BILLING_ATTEMPT_LEASE_SECONDS) is over:
 * the retried job schedules itself for that moment if it comes earlier.
 */
export const JOB_HEARTBEAT_SECONDS = 10;
/** The first retry of a billing job: pg-boss's backoff gives between 1 and 2 times this. */
export const BILLING_JOB_RETRY_SECONDS = 5;
/** The first retry of a mail delivery job, the same way. */
export const MAIL_JOB_RETRY_SECONDS = 20;
/** The work itself once picked up again: one gateway request, one transaction, one SMTP hand-over. */
const WORK_SECONDS = 15;

export function recoveryBoundSeconds(config: Pick<AppConfig, 'jobsSuperviseSeconds' | 'billingAttemptLeaseMs'>): { charges: number; mails: number } {
  // The heartbeat is seen as lost after JOB_HEARTBEAT_SECONDS, at the next supervisor pass at the latest.
  const failed = JOB_HEARTBEAT_SECONDS + config.jobsSuperviseSeconds;
  const charges = Math.max(failed + 2 * BILLING_JOB_RETRY_SECONDS, config.billingAttemptLeaseMs / 1000) + WORK_SECONDS;
  // A receipt of a charge settled by a survivor is queued then; one held by the dead worker's mail job waits for that job's retry.
  const mails = Math.max(charges, failed + 2 * MAIL_JOB_RETRY_SECONDS + WORK_SECONDS);
  return { charges, mails };
}
