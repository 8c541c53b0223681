import fc from 'fast-check';
import { MODEL_PLANS, switchTargets, type Life, type LifeEvent, type PlanName } from './model.ts';

/**
 * Generated member lives (issue 21): an order of any plan kind and period on a card that pays or
 * refuses, then events in any order: shipping, clock moves of any size (a day, a retry's spacing,
 * a month, past a whole year), switches (several on one day), cancellations at any moment, new
 * cards, device returns. Events that make no sense at that moment (a switch in the trial, a second
 * shipping) are kept: the model says what the API must answer then.
 */
const planNames = Object.keys(MODEL_PLANS) as PlanName[];

const advance: fc.Arbitrary<LifeEvent> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 16 }) },
  { weight: 2, arbitrary: fc.constantFrom(7, 14, 28, 30, 31, 45) },
  { weight: 1, arbitrary: fc.integer({ min: 60, max: 400 }) },
).map((days) => ({ type: 'advance', days }));

function eventFor(plan: PlanName): fc.Arbitrary<LifeEvent> {
  const targets = switchTargets(plan);
  return fc.oneof(
    { weight: 6, arbitrary: advance },
    { weight: 2, arbitrary: fc.constant<LifeEvent>({ type: 'ship' }) },
    // Several switches may follow one another on the same day (targets of the same kind and device).
    // The plan itself is a target too: a switch to the same plan is refused.
    { weight: 2, arbitrary: fc.constantFrom(...targets, plan).map<LifeEvent>((to) => ({ type: 'switch', to })) },
    { weight: 1, arbitrary: fc.constant<LifeEvent>({ type: 'cancel' }) },
    { weight: 1, arbitrary: fc.constantFrom<Life['card']>('good', 'declining').map<LifeEvent>((card) => ({ type: 'card', card })) },
    { weight: 1, arbitrary: fc.constant<LifeEvent>({ type: 'deviceReturned' }) },
  );
}

export const lifeArbitrary: fc.Arbitrary<Life> = fc
  .record({ plan: fc.constantFrom(...planNames), card: fc.constantFrom<Life['card']>('good', 'good', 'declining') })
  .chain(({ plan, card }) =>
    fc
      .tuple(fc.constant<LifeEvent>({ type: 'ship' }), fc.array(eventFor(plan), { minLength: 2, maxLength: 10 }))
      .map(([ship, rest]) => ({ plan, card, events: [ship, ...rest] }))
      // Sometimes the member leaves before the robot ships.
      .chain((life) => fc.boolean().map((shipFirst) => (shipFirst ? life : { ...life, events: life.events.slice(1) }))),
  );
