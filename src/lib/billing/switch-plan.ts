import type { SwitchPlanReply, SwitchPlanRequest, SwitchPreview } from '../../domain/billing/plan-changes.ts';
import { api } from '../api.ts';
import { runActionLoop } from '../payments/action-loop.ts';
import { confirmIntent, loadPayments } from '../payments/browser-payments.ts';

type Switched = Extract<SwitchPlanReply, { requires_action: false }>;
type NeedsAction = Extract<SwitchPlanReply, { requires_action: true }>;

export { ActionLoopError as SwitchLoopError, MAX_ACTION_ROUNDS as MAX_SWITCH_ROUNDS } from '../payments/action-loop.ts';

/** The plan switch (spec §4): the shared 3-D Secure loop over POST /api/v2/switch-plan. */
export function runSwitchLoop(request: SwitchPlanRequest, post: (body: SwitchPlanRequest) => Promise<SwitchPlanReply>, confirm: (action: NeedsAction) => Promise<void>): Promise<Switched> {
  return runActionLoop(request, post, confirm);
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
