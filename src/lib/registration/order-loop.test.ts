import { describe, expect, it, vi } from 'vitest';
import type { OrderReply, OrderRequest } from '../../domain/order-schemas.ts';
import { MAX_ORDER_ROUNDS, OrderLoopError, runOrderLoop } from './order-loop.ts';

const request = { productId: 'lessons-4', option: { id: 'ME_Plan_1', price: 4620, textbook: [], option_price: 0 }, contract_month: 1, isESATJ: false, safety_plan: false, idempotency_key: 'k' } as OrderRequest;
const done: OrderReply = { status: 'success', requires_action: false, order: { id: 'o1' }, kimini: { id: 'KM00000001', first_login_url: 'http://localhost/dev/lesson-school/first-login?token=x' } };
const action = (intent: string, setup: boolean): OrderReply => ({
  status: 'success',
  requires_action: true,
  client_secret: `${intent}_secret_x`,
  is_setup_intent: setup,
  payment_method: 'pm_1',
  payment_intent_id: intent,
  order: { id: 'o1' },
});

describe('runOrderLoop: the browser half of the order loop', () => {
  it('returns at once when nothing needs the customer', async () => {
    const post = vi.fn().mockResolvedValueOnce(done);
    const confirm = vi.fn();
    await expect(runOrderLoop(request, post, confirm)).resolves.toBe(done);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('confirms the setup, then the textbook payment, re-posting each confirmed intent', async () => {
    const post = vi.fn().mockResolvedValueOnce(action('seti_1', true)).mockResolvedValueOnce(action('pi_1', false)).mockResolvedValueOnce(done);
    const confirmed: string[] = [];
    const reply = await runOrderLoop(request, post, async (needs) => void confirmed.push(`${needs.is_setup_intent ? 'setup' : 'payment'}:${needs.payment_intent_id}`));
    expect(reply).toBe(done);
    expect(confirmed).toEqual(['setup:seti_1', 'payment:pi_1']);
    expect(post.mock.calls.map(([body]) => [body.idempotency_key, body.payment_intent_id])).toEqual([
      ['k', undefined],
      ['k', 'seti_1'],
      ['k', 'pi_1'],
    ]);
  });

  it('lets a refusal from the server through (declined card, failed authentication)', async () => {
    const refusal = Object.assign(new Error('refused'), { data: { code: 'paymentDeclined' } });
    const post = vi.fn().mockResolvedValueOnce(action('seti_1', true)).mockRejectedValueOnce(refusal);
    await expect(runOrderLoop(request, post, async () => undefined)).rejects.toBe(refusal);
  });

  it('gives up when the gateway keeps asking', async () => {
    const post = vi.fn().mockResolvedValue(action('seti_1', true));
    await expect(runOrderLoop(request, post, async () => undefined)).rejects.toBeInstanceOf(OrderLoopError);
    expect(post).toHaveBeenCalledTimes(MAX_ORDER_ROUNDS);
  });
});
