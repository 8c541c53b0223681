import { describe, expect, it, vi } from 'vitest';
import type { SwitchPlanReply, SwitchPlanRequest } from '../../domain/billing/plan-changes.ts';
import { MAX_SWITCH_ROUNDS, runSwitchLoop, SwitchLoopError } from './switch-plan.ts';

const request: SwitchPlanRequest = { productId: 'lessons-4', option: { id: 'ME_Plan_2', price: 4235 }, safety_plan: false };
const action = (n: number): SwitchPlanReply => ({ status: 'success', requires_action: true, client_secret: `pi_${n}_secret_x`, payment_intent_id: `pi_${n}`, payment_method: 'pm_1' });
const done: SwitchPlanReply = { status: 'success', requires_action: false, plan: { name: 'ベーシックプラン 3か月 月4回' } };

describe('the switch loop (spec §4)', () => {
  it('without 3-D Secure: one post', async () => {
    const post = vi.fn(async (_body: SwitchPlanRequest) => done);
    const confirm = vi.fn(async () => undefined);
    await expect(runSwitchLoop(request, post, confirm)).resolves.toEqual(done);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('as often as asked: confirm, then post again with the intent just confirmed', async () => {
    const replies = [action(1), action(2), done];
    const post = vi.fn(async (_body: SwitchPlanRequest) => replies.shift()!);
    const confirm = vi.fn(async () => undefined);
    await expect(runSwitchLoop(request, post, confirm)).resolves.toEqual(done);
    expect(post.mock.calls.map(([body]) => body.payment_intent_id)).toEqual([undefined, 'pi_1', 'pi_2']);
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('gives up when the bank never stops asking', async () => {
    const post = vi.fn(async (_body: SwitchPlanRequest) => action(9));
    await expect(runSwitchLoop(request, post, async () => undefined)).rejects.toBeInstanceOf(SwitchLoopError);
    expect(post).toHaveBeenCalledTimes(MAX_SWITCH_ROUNDS);
  });
});
