import { Temporal } from 'temporal-polyfill';

/**
 * The reference model of a member's money (issue 21), written straight from the product
 * product decisions 7, 13-16 (16 as revised) and 26-28 of ../shared/spec/decisions.md, and from the spec's
 * figures: plain functions over plain data, importing nothing of the production billing code, so
 * that a rule written wrong there is not written wrong here as well. Given the events of one
 * member's life it says what must have been charged, refunded and mailed, and what My Page, the
 * quote and the console must say. tests/lives/drive.ts runs the same life through the real API.
 */

// --- the figures (spec §9 and the seeded catalogue, docs/decisions/0011 and 0016) -----------------

export type Device = 'robot' | 'tablet' | 'none';
export type Kind = 'normal' | 'esatj';

export interface ModelPlan {
  /** What the order and switch bodies name. */
  optionId: string;
  productId: string;
  months: 1 | 3 | 12;
  /** What one contract period costs (tax included). */
  price: number;
  kind: Kind;
  device: Device;
}

/** The plans lives are made of (a few of every kind and period, some under 特定継続的役務提供). */
export const MODEL_PLANS = {
  monthly4: { optionId: 'ME_Plan_1', productId: 'lessons-4', months: 1, price: 4620, kind: 'normal', device: 'robot' },
  threeMonths4: { optionId: 'ME_Plan_2', productId: 'lessons-4', months: 3, price: 12_705, kind: 'normal', device: 'robot' },
  threeMonths60: { optionId: 'ME_Plan_2', productId: 'lessons-60', months: 3, price: 34_419, kind: 'normal', device: 'robot' },
  year4: { optionId: 'ME_Plan_3', productId: 'lessons-4', months: 12, price: 46_200, kind: 'normal', device: 'robot' },
  year60: { optionId: 'ME_Plan_3', productId: 'lessons-60', months: 12, price: 125_136, kind: 'normal', device: 'robot' },
  kidsYear4: { optionId: 'ME_Plan_3_1', productId: 'lessons-4', months: 12, price: 159_600, kind: 'normal', device: 'robot' },
  adultYear: { optionId: 'adult_business_4', productId: 'adult-business-4', months: 12, price: 55_000, kind: 'normal', device: 'robot' },
  adultThree: { optionId: 'adult_hawaii_8', productId: 'adult-hawaii-8', months: 3, price: 19_800, kind: 'normal', device: 'robot' },
  esatTabletMonthly: { optionId: 'ESAT-J_Plan_4', productId: 'esatj', months: 1, price: 5940, kind: 'esatj', device: 'tablet' },
  esatTabletYear: { optionId: 'ESAT-J_Plan_6', productId: 'esatj', months: 12, price: 63_360, kind: 'esatj', device: 'tablet' },
  esatThree: { optionId: 'ESAT-J_Plan_2', productId: 'esatj', months: 3, price: 11_220, kind: 'esatj', device: 'none' },
} as const satisfies Record<string, ModelPlan>;
export type PlanName = keyof typeof MODEL_PLANS;

/** Plans a member may switch between (same kind; ESAT-J only between the tablet plans, so the device stays). */
export function switchTargets(from: PlanName): PlanName[] {
  const plan = MODEL_PLANS[from];
  return (Object.keys(MODEL_PLANS) as PlanName[]).filter((name) => {
    const other = MODEL_PLANS[name];
    return name !== from && other.kind === plan.kind && other.device === plan.device;
  });
}

const SHIPPING_FEE = 2600;
const TABLET_FEE = 11_583;
const ROBOT_BUYOUT = 76_780;
const TABLET_BUYOUT = 64_680;
const RETRIES = [1, 3, 5, 7, 10, 14];

// --- days ----------------------------------------------------------------------------------------

export type Day = string;
export const plusDays = (day: Day, days: number): Day => Temporal.PlainDate.from(day).add({ days }).toString();
/** Month n of a contract counted from its anchor (a month end stays a month end). */
export const plusMonths = (day: Day, months: number): Day => Temporal.PlainDate.from(day).add({ months }, { overflow: 'constrain' }).toString();
const daysFrom = (a: Day, b: Day) => Temporal.PlainDate.from(a).until(Temporal.PlainDate.from(b), { largestUnit: 'days' }).days;

// --- the events of a life ------------------------------------------------------------------------

export type Card = 'good' | 'declining';

export type LifeEvent =
  | { type: 'ship' }
  | { type: 'advance'; days: number }
  | { type: 'switch'; to: PlanName }
  | { type: 'cancel' }
  | { type: 'card'; card: Card }
  | { type: 'deviceReturned' };

export interface Life {
  plan: PlanName;
  card: Card;
  events: LifeEvent[];
}

// --- what must be -----------------------------------------------------------------------------------

export type Status = 'awaitingShipment' | 'trialing' | 'active' | 'retrying' | 'pastDue' | 'cancelRequested' | 'ended';

export interface ModelCharge {
  kind: 'period' | 'switch' | 'fee' | 'buyout';
  /** The first day it pays for (the day it was made, for fees and buyouts). */
  periodStart: Day;
  amount: number;
  status: 'succeeded' | 'failed' | 'canceled';
  attempts: number;
  firstFailedOn: Day | null;
}

export interface ModelQuote {
  effectiveOn: Day;
  endsAtOnce: boolean;
  fees: { kind: 'returnShipping' | 'tabletRental'; amount: number }[];
  refund: number;
  deviceReturnBy: Day | null;
  /** For the invariants: what was paid for the period, its months and the months begun. */
  paid: number;
  months: number;
  used: number;
}

export type NextPayment =
  | { kind: 'date'; on: Day }
  | { kind: 'awaitingShipment' }
  | { kind: 'newCard' }
  | { kind: 'suspended' }
  | { kind: 'endsOn'; on: Day }
  | { kind: 'nothing' };

export interface ModelState {
  today: Day;
  plan: PlanName;
  card: Card;
  status: Status;
  shippedOn: Day | null;
  trialEndsOn: Day | null;
  reminded: boolean;
  /** Periods are counted from here: the trial end, or the day of the last switch. */
  anchor: Day | null;
  periodNumber: number | null;
  periodStart: Day | null;
  periodEnd: Day | null;
  endsOn: Day | null;
  deviceReturned: boolean;
  charges: ModelCharge[];
  refunds: { amount: number; of: number }[];
  /** Mail templates in the order they were queued. */
  mails: string[];
  quote: ModelQuote | null;
  /** What the step did that the API must agree with (a refused switch says so). */
  lastSwitch: 'switched' | 'refused' | 'declined' | null;
}

export function startLife(life: Life, today: Day): ModelState {
  return {
    today,
    plan: life.plan,
    card: life.card,
    status: 'awaitingShipment',
    shippedOn: null,
    trialEndsOn: null,
    reminded: false,
    anchor: null,
    periodNumber: null,
    periodStart: null,
    periodEnd: null,
    endsOn: null,
    deviceReturned: false,
    charges: [],
    refunds: [],
    mails: [],
    quote: null,
    lastSwitch: null,
  };
}

const plan = (state: ModelState) => MODEL_PLANS[state.plan];
const openPeriodCharge = (state: ModelState) => state.charges.find((charge) => charge.kind === 'period' && charge.status === 'failed');
const openFees = (state: ModelState) => state.charges.filter((charge) => (charge.kind === 'fee' || charge.kind === 'buyout') && charge.status === 'failed');
const retryOn = (charge: ModelCharge): Day | undefined => {
  const offset = RETRIES[charge.attempts - 1];
  return offset === undefined || !charge.firstFailedOn ? undefined : plusDays(charge.firstFailedOn, offset);
};

/** One attempt at a charge with the member's card (product decision 14's mails at the first failure and before the last retry). */
function attempt(state: ModelState, charge: ModelCharge): boolean {
  charge.attempts += 1;
  if (state.card === 'good') {
    charge.status = 'succeeded';
    state.mails.push(charge.kind === 'buyout' ? 'billing-buyout-paid' : `billing-${charge.kind}-paid`);
    return true;
  }
  charge.status = 'failed';
  charge.firstFailedOn ??= state.today;
  if (charge.attempts === 1) state.mails.push('billing-payment-failed');
  if (charge.attempts === RETRIES.length && retryOn(charge)) state.mails.push('billing-final-notice');
  return false;
}

/** A paid plan charge starts its period; lessons resume. */
function periodPaid(state: ModelState, charge: ModelCharge): void {
  const months = plan(state).months;
  let n = 0;
  while (plusMonths(state.anchor!, months * n) < charge.periodStart) n += 1;
  state.periodNumber = n;
  state.periodStart = charge.periodStart;
  state.periodEnd = plusMonths(state.anchor!, months * (n + 1));
  state.status = 'active';
}

/** Product decision 13: the first charge at the trial end, then one at the start of every period; product decision 14 and 28: retries, then suspension. */
function doDueWork(state: ModelState): void {
  const today = state.today;
  for (let guard = 0; guard < 500; guard += 1) {
    const open = openPeriodCharge(state);
    if (open && (state.status === 'retrying' || state.status === 'pastDue')) {
      const next = retryOn(open);
      if (next && next <= today) {
        if (attempt(state, open)) periodPaid(state, open);
        continue;
      }
      if (state.status === 'retrying' && plusDays(open.firstFailedOn!, RETRIES.at(-1)!) <= today && !next) {
        state.status = 'pastDue';
        state.mails.push('billing-suspended');
      }
      break;
    }
    if (state.status === 'cancelRequested' && state.endsOn! <= today) {
      state.status = 'ended';
      state.mails.push('billing-ended');
      continue;
    }
    if (state.status === 'trialing' && state.trialEndsOn! <= today) {
      const charge: ModelCharge = { kind: 'period', periodStart: state.trialEndsOn!, amount: plan(state).price, status: 'failed', attempts: 0, firstFailedOn: null };
      state.charges.push(charge);
      if (attempt(state, charge)) periodPaid(state, charge);
      else state.status = 'retrying';
      continue;
    }
    if (state.status === 'active' && state.periodEnd! <= today) {
      const charge: ModelCharge = { kind: 'period', periodStart: state.periodEnd!, amount: plan(state).price, status: 'failed', attempts: 0, firstFailedOn: null };
      state.charges.push(charge);
      if (attempt(state, charge)) periodPaid(state, charge);
      else state.status = 'retrying';
      continue;
    }
    if (state.status === 'trialing' && !state.reminded && plusDays(state.trialEndsOn!, -3) <= today && today < state.trialEndsOn!) {
      state.reminded = true;
      state.mails.push('billing-trial-ending');
      continue;
    }
    if (state.status === 'ended' && plan(state).device !== 'none' && state.shippedOn && !state.deviceReturned && state.endsOn && plusDays(state.endsOn, 8) <= today) {
      if (state.charges.some((charge) => charge.kind === 'buyout')) break;
      const device = plan(state).device;
      const amount = device === 'tablet' ? TABLET_BUYOUT : daysFrom(state.shippedOn, today) >= 365 ? Math.round(ROBOT_BUYOUT / 2) : ROBOT_BUYOUT;
      const charge: ModelCharge = { kind: 'buyout', periodStart: today, amount, status: 'failed', attempts: 0, firstFailedOn: null };
      state.charges.push(charge);
      attempt(state, charge);
      continue;
    }
    break;
  }
  // Product decision 27: failed fees and buyouts retried on product decision 14's days, never touching the plan.
  for (let round = 0; round <= RETRIES.length; round += 1) {
    const due = openFees(state).filter((charge) => {
      const next = retryOn(charge);
      return next !== undefined && next <= today;
    });
    if (!due.length) break;
    for (const charge of due) attempt(state, charge);
  }
}

/** Months of the period begun by today (a month that has begun counts as used). */
function monthsBegun(start: Day, months: number, today: Day): number {
  let used = 0;
  while (used < months && plusMonths(start, used) <= today) used += 1;
  return used;
}

/**
 * Product decision 16 (revised): what leaving today costs and returns, and when it ends. "What was paid for
 * the current period" is the charge that started it: after switches, the last switch's charge.
 */
export function modelQuote(state: ModelState): ModelQuote {
  const today = state.today;
  const { device, months } = plan(state);
  const shipped = state.status !== 'awaitingShipment';
  const fees: ModelQuote['fees'] = [];
  if (shipped && device !== 'none') fees.push({ kind: 'returnShipping', amount: SHIPPING_FEE });
  if (state.status === 'trialing' && device === 'tablet') fees.push({ kind: 'tabletRental', amount: TABLET_FEE });
  const returnBy = (end: Day) => (shipped && device !== 'none' ? plusDays(end, 7) : null);
  if (state.status !== 'active') {
    return { effectiveOn: today, endsAtOnce: true, fees, refund: 0, deviceReturnBy: returnBy(today), paid: 0, months, used: 0 };
  }
  const started = state.charges.filter((charge) => (charge.kind === 'period' || charge.kind === 'switch') && charge.status === 'succeeded' && charge.periodStart === state.periodStart).at(-1);
  const paid = started ? started.amount - state.refunds.filter((refund) => refund.of === state.charges.indexOf(started)).reduce((sum, refund) => sum + refund.amount, 0) : 0;
  const used = monthsBegun(state.periodStart!, months, today);
  const remaining = months - used;
  const windowMonths = months === 3 ? 1 : months === 12 ? 3 : 0;
  const inWindow = windowMonths > 0 && today < plusMonths(state.trialEndsOn!, windowMonths);
  const seventy = inWindow && remaining > 0 ? Math.round((paid / months) * remaining * 0.7) : 0;
  let floor = 0;
  if (months > 2 && paid > 50_000) {
    const delivered = Math.round((paid / months) * used);
    const cap = delivered + Math.min(50_000, Math.round((paid - delivered) * 0.2));
    floor = Math.max(0, paid + fees.reduce((sum, fee) => sum + fee.amount, 0) - cap);
  }
  const refund = Math.min(paid, Math.max(seventy, floor));
  const effectiveOn = refund > 0 ? today : state.periodEnd!;
  return { effectiveOn, endsAtOnce: refund > 0, fees, refund, deviceReturnBy: returnBy(effectiveOn), paid, months, used };
}

/** Applies one event of the life; the clock's due work runs on every clock move. */
export function applyEvent(state: ModelState, event: LifeEvent): void {
  state.lastSwitch = null;
  switch (event.type) {
    case 'ship':
      if (state.status !== 'awaitingShipment') return;
      state.status = 'trialing';
      state.shippedOn = state.today;
      state.trialEndsOn = plusDays(state.today, 7);
      state.anchor = state.trialEndsOn;
      return;
    case 'advance':
      state.today = plusDays(state.today, event.days);
      doDueWork(state);
      return;
    case 'switch': {
      // Product decision 15: only while a paid period runs; charged at once; the new period starts today.
      if (state.status !== 'active' || MODEL_PLANS[event.to].kind !== plan(state).kind || event.to === state.plan) {
        state.lastSwitch = 'refused';
        return;
      }
      const target = MODEL_PLANS[event.to];
      const charge: ModelCharge = { kind: 'switch', periodStart: state.today, amount: target.price, status: 'failed', attempts: 0, firstFailedOn: null };
      state.charges.push(charge);
      charge.attempts = 1;
      if (state.card !== 'good') {
        // A switch is paid with the member there: a refused card is told at once, never retried.
        charge.firstFailedOn = state.today;
        state.lastSwitch = 'declined';
        return;
      }
      charge.status = 'succeeded';
      state.mails.push('billing-switch-paid');
      state.plan = event.to;
      state.anchor = state.today;
      state.periodNumber = 0;
      state.periodStart = state.today;
      state.periodEnd = plusMonths(state.today, target.months);
      state.lastSwitch = 'switched';
      return;
    }
    case 'cancel': {
      if (state.status === 'ended' || state.status === 'cancelRequested') return;
      const quote = modelQuote(state);
      state.quote = quote;
      state.mails.push('billing-cancellation');
      if (quote.endsAtOnce) {
        for (const charge of state.charges) if (charge.kind === 'period' && charge.status === 'failed') charge.status = 'canceled';
        state.status = 'ended';
      } else {
        state.status = 'cancelRequested';
      }
      state.endsOn = quote.effectiveOn;
      for (const fee of quote.fees) {
        const charge: ModelCharge = { kind: 'fee', periodStart: state.today, amount: fee.amount, status: 'failed', attempts: 0, firstFailedOn: null };
        state.charges.push(charge);
        attempt(state, charge);
      }
      if (quote.refund > 0) {
        const started = state.charges.filter((charge) => (charge.kind === 'period' || charge.kind === 'switch') && charge.status === 'succeeded' && charge.periodStart === state.periodStart).at(-1)!;
        state.refunds.push({ amount: quote.refund, of: state.charges.indexOf(started) });
      }
      return;
    }
    case 'card': {
      // Product decision 14 and 27: a new card pays what is open at once.
      state.card = event.card;
      const open = openPeriodCharge(state);
      if (open && (state.status === 'retrying' || state.status === 'pastDue') && attempt(state, open)) periodPaid(state, open);
      for (const fee of openFees(state)) attempt(state, fee);
      return;
    }
    case 'deviceReturned':
      if (state.shippedOn && plan(state).device !== 'none') state.deviceReturned = true;
      return;
  }
}

/** My Page's 「次回お支払日」 line, as the decisions describe each case. */
export function modelNextPayment(state: ModelState): NextPayment {
  switch (state.status) {
    case 'awaitingShipment':
      return { kind: 'awaitingShipment' };
    case 'trialing':
      return { kind: 'date', on: state.trialEndsOn! };
    case 'active':
      return { kind: 'date', on: state.periodEnd! };
    case 'retrying': {
      const next = retryOn(openPeriodCharge(state)!);
      return next ? { kind: 'date', on: next } : { kind: 'newCard' };
    }
    case 'pastDue':
      return { kind: 'suspended' };
    case 'cancelRequested':
      return { kind: 'endsOn', on: state.endsOn! };
    case 'ended':
      return { kind: 'nothing' };
  }
}

/** Whether the member may take lessons (product decision 28: retrying keeps them, past due stops them). */
export function modelHasLessons(state: ModelState): boolean {
  return state.status === 'trialing' || state.status === 'active' || state.status === 'retrying' || state.status === 'cancelRequested';
}
