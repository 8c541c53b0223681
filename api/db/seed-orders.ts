import { randomUUID } from 'node:crypto';
import { LocalGateway } from '../adapters/payments/local.ts';
import type { AppContext } from '../context.ts';
import { addAddress } from '../features/addresses/service.ts';
import type { AccountRow } from '../features/auth/service.ts';
import { displayName, type AuthSession } from '../features/auth/sessions.ts';
import { saveCard } from '../features/card/service.ts';
import { placeOrder } from '../features/orders/service.ts';
import { seedOptions } from './catalogue-seed.ts';

/** The plan demo and fixture members hold: the original plan, 12 months, 4 lessons a month. */
const SEED_PLAN = { productId: 'lessons-4', optionId: 'ME_Plan_3' };

export interface SeedMemberDetails {
  romanizedLastName: string;
  romanizedFirstName: string;
}

/**
 * Makes a seeded account a member the way a person becomes one: a delivery address, a card saved
 * at the payment gateway (Stripe's test card when Stripe is configured) and an order placed through
 * the order service, so it has a lesson account, an order history and a confirmation mail.
 */
export async function seedCompletedOrder(ctx: AppContext, account: AccountRow, details: SeedMemberDetails): Promise<void> {
  const name = displayName(account);
  const session: AuthSession = {
    sessionId: 'seed',
    kind: 'member',
    accountId: account.id,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    name,
    role: account.role,
    consoleRole: null,
    isAdmin: false,
    isStaff: false,
    isSignedUp: false,
    hasCard: false,
    secondFactor: false,
  };
  await addAddress(ctx, session, {
    lastName: account.lastName,
    firstName: account.firstName,
    romanizedLastName: details.romanizedLastName,
    romanizedFirstName: details.romanizedFirstName,
    addressZip: '150-0002',
    addressState: '東京都',
    addressCity: '渋谷区',
    addressDetails: '渋谷2-14-8',
    buildingName: null,
    phoneNumber: '03-1234-5678',
  });
  const token =
    ctx.payments instanceof LocalGateway
      ? (await ctx.payments.createPaymentMethod({ number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' })).id
      : 'pm_card_visa';
  await saveCard(ctx, session, { token, name: `${details.romanizedFirstName} ${details.romanizedLastName}`.toUpperCase() });

  const option = seedOptions.find((candidate) => candidate.productId === SEED_PLAN.productId && candidate.optionId === SEED_PLAN.optionId);
  if (!option) throw new Error('the seed plan is missing from the catalogue');
  const reply = await placeOrder(
    ctx,
    session,
    {
      productId: option.productId,
      option: { id: option.optionId, name: option.name, price: option.price, textbook: [], option_price: 0 },
      contract_month: option.contractMonth,
      isESATJ: false,
      safety_plan: false,
      idempotency_key: randomUUID(),
    },
    undefined,
  );
  if (reply.requires_action) throw new Error('the seed card asked for authentication');
}
