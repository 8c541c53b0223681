/** Where one member's copy of a mass or step mail stands, as the console shows it. */
/** `held`: the address is suppressed (product decision 34); staff see the mail and can lift it. */
export const deliveryStatuses = ['pending', 'queued', 'sent', 'kept', 'failed', 'skipped', 'held'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** A recipient row as stored: its own status, and its mail's when one was queued. */
export interface RecipientRecord {
  status: 'pending' | 'queued' | 'skipped';
  mailStatus: string | null;
  queuedAt: Date | null;
  sentAt: Date | null;
}

/**
 * One recipient's state and time: a queued copy takes its mail's outcome (sent, kept, failed); the
 * time is the mail's send time once sent, else when the copy was handed to the outbox (or found
 * without consent); a copy still pending in a running mass mail has none.
 */
export function deliveryOf(row: RecipientRecord): { status: DeliveryStatus; at: string | null } {
  const outcome = row.status === 'queued' && (row.mailStatus === 'sent' || row.mailStatus === 'kept' || row.mailStatus === 'failed' || row.mailStatus === 'held') ? row.mailStatus : row.status;
  const at = outcome === 'sent' ? (row.sentAt ?? row.queuedAt) : row.queuedAt;
  return { status: outcome, at: at?.toISOString() ?? null };
}
