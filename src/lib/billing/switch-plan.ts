import type { SwitchPlanReply, SwitchPlanRequest, SwitchPreview } from '../../domain/billing/member-changes.ts';
import { api } from '../api.ts';
import { confirmIntent, loadPayments } from '../payments/browser-payments.ts';

type Switched = Extract<SwitchPlanReply, { requires_action: false }>;
type NeedsAction = Extract<SwitchPlanReply, { requires_action: true }>;

/** The bank may ask more than once (a new attempt after a failed authentication is a new click). */
export const MAX_SWITCH_ROUNDS = 4;

export class SwitchLoopError extends Error {}

/**
 * The browser's half of the plan switch (spec §4): post; while the reply says requires_action,
 * let the member confirm the card (3-D Secure) and post again with payment_intent_id.
 */
export async function runSwitchLoop(
  request: SwitchPlanRequest,
  post: (body: SwitchPlanRequest) => Promise<SwitchPlanReply>,
  confirm: (action: NeedsAction) => Promise<void>,
): Promise<Switched> {
  let reply = await post(request);
  for (let round = 1; reply.requires_action; round += 1) {
    if (round >= MAX_SWITCH_ROUNDS) throw new SwitchLoopError('the payment kept asking for authentication');
    await confirm(reply);
    reply = await post({ ...request, payment_intent_id: reply.payment_intent_id });
  }
  return reply;
}

export function previewSwitch(request: SwitchPlanRequest): Promise<SwitchPreview> {
  return api<SwitchPreview>('/v2/switch-plan/preview', { method: 'POST', body: request });
}

/** Switches the plan, walking the member through 3-D Secure as often as the bank asks. */
export function submitSwitch(request: SwitchPlanRequest): Promise<Switched> {
  return runSwitchLoop(
    request,
    (body) => api<SwitchPlanReply>('/v2/switch-plan', { method: 'POST', body }),
    async (action) => confirmIntent(await loadPayments(), { intentId: action.payment_intent_id, clientSecret: action.client_secret, isSetup: false }),
  );
}
