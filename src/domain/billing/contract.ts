import * as v from 'valibot';
import type { PlanKind } from '../plans/availability.ts';
import type { Category, ContractMonths } from '../plans/types.ts';
import type { FeeKind, RefundRule } from './cancellation.ts';
import type { IsoDate } from './dates.ts';
import type { NextPaymentLine } from './next-action.ts';
import type { SubscriptionStatus } from './subscription-states.ts';

/**
 * The billing API's contract (api-contract.md, "Member area, billing and support"): one request
 * schema and one reply type per call, used by the handlers and by the browser.
 */

/** GET /api/v2/subscriptions: one row. Dates are Japanese calendar days (YYYY-MM-DD). */
export interface SubscriptionView {
  id: string;
  kind: PlanKind;
  /** kodomo, otona or esatj: My Page's menu differs for kids (spec §2). */
  category: Category;
  planName: string;
  optionId: string;
  productId: string;
  contractMonth: ContractMonths;
  monthlyPrice: number;
  /** What each contract period costs. */
  periodPrice: number;
  status: SubscriptionStatus;
  /** Lessons stopped after the retries of an unpaid charge (product decisions 14 and 28): status pastDue. */
  suspended: boolean;
  shippedOn: IsoDate | null;
  trialEndsOn: IsoDate | null;
  /** The last free day (the day before the trial ends). */
  trialLastDay: IsoDate | null;
  currentPeriodStart: IsoDate | null;
  currentPeriodEnd: IsoDate | null;
  nextPayAt: IsoDate | null;
  /** My Page's 「次回お支払日」 line: which case applies (nextPaymentLine, the one rule for every screen). */
  nextPayment: NextPaymentLine;
  cancelRequestedAt: string | null;
  endsOn: IsoDate | null;
  /** A failed plan charge waiting for a new card or a retry: what it is and when it is tried again. */
  pastDue: { amount: number; failureCode: string | null; nextRetryOn: IsoDate | null } | null;
  /** Fees, buyouts and textbooks whose charge failed (product decision 27): open payments, with the reason. */
  openPayments: OpenPayment[];
  /** What the member was told when cancelling (the quote as confirmed): the same figures on My Page. */
  cancellation: CancellationSummary | null;
}

export interface OpenPayment {
  chargeId: string;
  kind: 'fee' | 'buyout' | 'books';
  description: string;
  amount: number;
  failureCode: string | null;
  nextRetryOn: IsoDate | null;
}

export interface CancellationSummary {
  effectiveOn: IsoDate;
  endsAtOnce: boolean;
  fees: { kind: FeeKind; amount: number }[];
  refund: number;
  refundRule: RefundRule;
  deviceReturnBy: IsoDate | null;
}

export interface SubscriptionList {
  status: 'success';
  data: SubscriptionView[];
}

export type BillingHistoryKind = 'books' | 'period' | 'switch' | 'fee' | 'buyout' | 'refund';

/** GET /api/v2/billing-history: one row (refunds are negative). */
export interface BillingHistoryItem {
  id: string;
  chargedAt: string;
  kind: BillingHistoryKind;
  description: string;
  amount: number;
  status: 'succeeded' | 'failed' | 'pending';
  /** The printable receipt of a succeeded charge. */
  receiptUrl: string | null;
  /** The receipt or refund note issued for the row (product decision 25), once issued. */
  document?: BillingDocumentSummary | null;
  /** The order number people read out on the phone (`100001-8`), when the row belongs to an order. */
  orderNumber?: string | null;
}

export interface BillingDocumentSummary {
  kind: 'receipt' | 'refundNote';
  number: string;
  /** The addressee set by the member (null: the member's name). */
  addressee: string | null;
  /** Downloaded once: the addressee is fixed, later copies say 再発行. */
  downloaded: boolean;
  pdfUrl: string;
}

export interface BillingHistory {
  status: 'success';
  data: BillingHistoryItem[];
}

const isoDate = v.pipe(v.string('thisFieldIsRequired'), v.trim(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'invalidDate'));

/** POST /api/v2/admin/subscriptions/{id}/shipped */
export const shippedSchema = v.object({ shippedOn: isoDate });

/** POST /api/v2/admin/subscriptions/{id}/device-returned */
export const deviceReturnedSchema = v.object({ returnedOn: isoDate });

/** POST /api/v2/billing/retry: pay a past-due charge now (after a card change), with 3-D Secure when asked. */
export const retryChargeSchema = v.object({
  payment_intent_id: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{3,255}$/, 'badRequest'))),
});

export type RetryChargeReply =
  | { status: 'success'; requires_action: true; client_secret: string; payment_intent_id: string; payment_method: string }
  | { status: 'success'; requires_action: false; result: 'paid' | 'nothingDue' };

/**
 * What POST /api/v2/card adds when the member had past-due charges: the new card was tried at
 * once. `requiresAction`: confirm 3-D Secure, then POST /api/v2/billing/retry with payment_intent_id.
 */
export type RetrySummary =
  | { result: 'paid' }
  | { result: 'inProgress' }
  | { result: 'failed'; code: 'insufficientFunds' | 'authenticationFailed' | 'paymentDeclined' }
  | { result: 'requiresAction'; client_secret: string; payment_intent_id: string; payment_method: string };

/** POST /dev/clock */
export const clockMoveSchema = v.union([
  v.object({ advanceDays: v.pipe(v.number('badRequest'), v.integer('badRequest'), v.minValue(0, 'badRequest'), v.maxValue(3660, 'badRequest')) }),
  v.object({ to: v.pipe(v.string('badRequest'), v.isoTimestamp('badRequest')) }),
]);

export interface ClockReply {
  status: 'success';
  data: { now: string; today: IsoDate };
}
