import * as v from 'valibot';
import { catalogueIdSchema, shownPriceSchema } from '../order-schemas.ts';
import type { PlanKind } from '../plans/availability.ts';
import type { CancellationQuote } from './cancellation.ts';
import type { IsoDate } from './dates.ts';

/**
 * The contract of the plan switch and the cancellation (api-contract.md, "switch plan", "switch
 * preview", "cancellation quote", "cancel"): request schemas and replies, shared by the handlers
 * and the pages.
 */

const intentId = v.pipe(v.string('badRequest'), v.regex(/^[A-Za-z0-9_]{3,255}$/, 'badRequest'));

/** POST /api/v2/switch-plan and /api/v2/switch-plan/preview: the plan as the chooser names it. */
export const switchPlanSchema = v.object({
  productId: catalogueIdSchema,
  option: v.object({
    id: catalogueIdSchema,
    name: v.optional(v.string('badRequest')),
    /** The catalogue price the page showed: checked, never charged from. */
    price: shownPriceSchema,
    textbook: v.optional(v.unknown()),
  }),
  /** Tells apart an option id sold for 3 and 12 months (adult plans); optional as in the spec's body. */
  contract_month: v.optional(v.picklist([1, 3, 12], 'badRequest')),
  safety_plan: v.optional(v.boolean('badRequest'), false),
  /** One per attempt in the browser: a double click or a retry continues the same switch. */
  idempotency_key: v.optional(v.pipe(v.string('badRequest'), v.uuid('badRequest'))),
  /** The intent the browser has just confirmed (3-D Secure), when posting again. */
  payment_intent_id: v.optional(intentId),
});
export type SwitchPlanRequest = v.InferOutput<typeof switchPlanSchema>;

export interface SwitchPreview {
  status: 'success';
  data: { planName: string; price: number; price_change: number | null; chargedToday: number; nextPayAt: IsoDate };
}

export type SwitchPlanReply =
  | { status: 'success'; requires_action: true; client_secret: string; payment_intent_id: string; payment_method: string }
  | { status: 'success'; requires_action: false; plan: { name: string } };

/** The spec's plan_name of a cancel request: `kimini` (kids/adult plan) or `esat` (ESAT-J). */
export const cancelPlanNames = ['kimini', 'esat'] as const;
export type CancelPlanName = (typeof cancelPlanNames)[number];

export function kindOfPlanName(name: CancelPlanName): PlanKind {
  return name === 'esat' ? 'esatj' : 'normal';
}

/** Why members leave (product decision 17): fixed codes, labelled in the catalogue (cancel.reason.*). */
export const cancelReasons = ['price', 'notUsing', 'lessonsNotSuitable', 'robotNotSuitable', 'schedule', 'goalReached', 'otherService', 'other'] as const;
export type CancelReason = (typeof cancelReasons)[number];

/**
 * The five statements an ESAT-J member ticks before leaving (spec §2), in order; their texts are
 * cancel.confirm.* in the catalogue.
 */
export const esatjConfirmations = ['deviceReturn', 'trialFees', 'noRefundBeyondRule', 'workbooksKept', 'accessEnds'] as const;

export const COMMENT_MAX = 2000;

export const cancelQuerySchema = v.object({ plan_name: v.picklist(cancelPlanNames, 'badRequest') });

export const cancelSchema = v.object({
  plan_name: v.picklist(cancelPlanNames, 'badRequest'),
  reasons: v.optional(v.pipe(v.array(v.picklist(cancelReasons, 'badRequest'), 'badRequest'), v.maxLength(cancelReasons.length, 'badRequest')), []),
  comment: v.optional(v.pipe(v.string('badRequest'), v.trim(), v.maxLength(COMMENT_MAX, 'tooLong')), ''),
  /** ESAT-J: the five checkboxes, all ticked. */
  confirmations: v.optional(v.array(v.boolean('badRequest'), 'badRequest')),
  /** Cooling-off (product decision 30): end the contract with everything paid refunded, while it applies. */
  cooling_off: v.optional(v.boolean('badRequest')),
});
export type CancelRequest = v.InferOutput<typeof cancelSchema>;

/** Whether a cancel request carries what its plan needs (ESAT-J: all five statements ticked). */
export function hasRequiredConfirmations(request: Pick<CancelRequest, 'plan_name' | 'confirmations'>): boolean {
  if (request.plan_name !== 'esat') return true;
  const ticks = request.confirmations ?? [];
  return ticks.length === esatjConfirmations.length && ticks.every(Boolean);
}

/** GET /api/v2/cancel/quote: the domain quote's figures, with the plan and how each was computed. */
export type CancelQuoteData = Pick<CancellationQuote, 'effectiveOn' | 'endsAtOnce' | 'fees' | 'refund' | 'refundRule' | 'device' | 'deviceReturnBy'> & {
  planName: string;
  /** How each figure was computed, in plain Japanese: one paragraph per line. */
  explanation: string;
  explanationLines: string[];
};

/** Cooling-off in the quote (product decision 30): its last day while it applies, and what it gives back. */
export interface CoolingOffQuote {
  coolingOffUntil: IsoDate | null;
  /** Everything paid for the contract and not yet refunded (yen): what cooling-off returns. */
  coolingOffRefund: number;
}

export interface CancelQuoteReply {
  status: 'success';
  data: CancelQuoteData & CoolingOffQuote;
}

export interface CancelReply {
  status: 'success';
  data: { effectiveOn: IsoDate; endsAtOnce: boolean };
}
