import { describe, expect, it } from 'vitest';
import { applyEvent, modelNextPayment, modelQuote, startLife, type Life, type LifeEvent, type ModelState } from '../../../tests/lives/model.ts';

/** The reference model itself, on figures worked out by hand from the decisions (before it judges the API). */
function live(plan: Life['plan'], card: Life['card'], events: LifeEvent[]): ModelState {
  const state = startLife({ plan, card, events }, '2027-01-01');
  for (const event of events) applyEvent(state, event);
  return state;
}

describe('the money model', () => {
  it('a 12-month plan cancelled in month 2: 46,200 ÷ 12 × 10 × 70% back, ending that day, the robot due a week later', () => {
    const state = live('year4', 'good', [{ type: 'ship' }, { type: 'advance', days: 7 }, { type: 'advance', days: 40 }]);
    expect(state).toMatchObject({ status: 'active', periodStart: '2027-01-08', periodEnd: '2028-01-08' });
    expect(modelQuote(state)).toMatchObject({ refund: 26_950, effectiveOn: '2027-02-17', endsAtOnce: true, deviceReturnBy: '2027-02-24', fees: [{ kind: 'returnShipping', amount: 2600 }] });
  });

  it('特定継続的役務提供 after the window: 125,136 + 2,600 − (52,140 + 14,599) back', () => {
    const state = live('year60', 'good', [{ type: 'ship' }, { type: 'advance', days: 7 }, { type: 'advance', days: 134 }]);
    expect(state.today).toBe('2027-05-22');
    expect(modelQuote(state)).toMatchObject({ used: 5, refund: 60_997, endsAtOnce: true });
  });

  it('a monthly plan: no refund, runs to the end of the month', () => {
    const state = live('monthly4', 'good', [{ type: 'ship' }, { type: 'advance', days: 20 }]);
    expect(modelQuote(state)).toMatchObject({ refund: 0, effectiveOn: '2027-02-08', endsAtOnce: false, deviceReturnBy: '2027-02-15' });
  });

  it('a refusing card: retrying with its retry days and mails, then past due after day 14', () => {
    const retrying = live('monthly4', 'declining', [{ type: 'ship' }, { type: 'advance', days: 7 }, { type: 'advance', days: 3 }]);
    expect(retrying.status).toBe('retrying');
    expect(modelNextPayment(retrying)).toEqual({ kind: 'date', on: '2027-01-13' });
    const suspended = live('monthly4', 'declining', [{ type: 'ship' }, { type: 'advance', days: 7 }, { type: 'advance', days: 14 }]);
    expect(suspended.status).toBe('pastDue');
    expect(suspended.charges).toMatchObject([{ kind: 'period', attempts: 7, status: 'failed', firstFailedOn: '2027-01-08' }]);
    expect(suspended.mails).toEqual(['billing-payment-failed', 'billing-final-notice', 'billing-suspended']);
    applyEvent(suspended, { type: 'card', card: 'good' });
    expect(suspended).toMatchObject({ status: 'active', periodStart: '2027-01-08', periodEnd: '2027-02-08' });
  });

  it('two switches on one day: the last one is what the refund is computed from', () => {
    const state = live('monthly4', 'good', [{ type: 'ship' }, { type: 'advance', days: 9 }, { type: 'switch', to: 'year4' }, { type: 'switch', to: 'year60' }]);
    expect(modelQuote(state)).toMatchObject({ paid: 125_136, refund: 94_366 });
  });

  it('cancelled before shipping: nothing charged, nothing to return, never a buyout', () => {
    const state = live('kidsYear4', 'good', [{ type: 'cancel' }, { type: 'advance', days: 30 }]);
    expect(state.charges).toEqual([]);
    expect(state.quote).toMatchObject({ fees: [], deviceReturnBy: null });
  });
});
