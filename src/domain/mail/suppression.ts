import * as v from 'valibot';

/**
 * The suppression rule (product decision 34): a hard bounce or a complaint suppresses an address
 * at once; soft bounces do on the third in a row. A suppressed address gets no advertising mail,
 * and its service mail is held until staff lift the suppression.
 */
export const bounceKinds = ['hard', 'soft', 'complaint'] as const;
export type BounceKind = (typeof bounceKinds)[number];

export const suppressionReasons = ['hardBounce', 'complaint', 'softBounces'] as const;
export type SuppressionReason = (typeof suppressionReasons)[number];

export const SOFT_BOUNCES_TO_SUPPRESS = 3;

export interface SuppressionState {
  softBouncesInARow: number;
  reason: SuppressionReason | null;
}

/** The state after one more bounce report; an address already suppressed keeps its first reason. */
export function afterBounce(state: SuppressionState, kind: BounceKind): SuppressionState {
  const softBouncesInARow = kind === 'soft' ? state.softBouncesInARow + 1 : state.softBouncesInARow;
  if (state.reason) return { softBouncesInARow, reason: state.reason };
  if (kind === 'hard') return { softBouncesInARow, reason: 'hardBounce' };
  if (kind === 'complaint') return { softBouncesInARow, reason: 'complaint' };
  return { softBouncesInARow, reason: softBouncesInARow >= SOFT_BOUNCES_TO_SUPPRESS ? 'softBounces' : null };
}

/** POST /dev/mailbox/{id}/bounce */
export const bounceBodySchema = v.object({ kind: v.picklist(bounceKinds, 'badRequest') });

/** One suppressed address as the console lists it. */
export interface SuppressionRow {
  email: string;
  reason: SuppressionReason;
  source: string | null;
  suppressedAt: string;
  /** The latest reports, newest first. */
  bounces: { kind: BounceKind; source: string; at: string }[];
  /** Service mails held for this address. */
  heldMails: { id: string; subject: string; createdAt: string }[];
}
