import type { OrderReply, OrderRequest } from '../../domain/order-schemas.ts';
import { api } from '../api.ts';
import { confirmIntent, loadPayments } from '../payments/browser-payments.ts';
import { runOrderLoop } from './order-loop.ts';

/** Where the completion page finds the lesson school's first-login URL (this tab only). */
export const FIRST_LOGIN_KEY = 'musio:first-login-url';

/** Places the order, walking the customer through 3-D Secure as often as the gateway asks. */
export function submitOrder(request: OrderRequest) {
  return runOrderLoop(
    request,
    (body) => api<OrderReply>('/v2/registration', { method: 'POST', body }),
    async (action) => confirmIntent(await loadPayments(), { intentId: action.payment_intent_id, clientSecret: action.client_secret, isSetup: action.is_setup_intent }),
  );
}

/** The first-login URL, if the order left one and it is a web address (never a script URL). */
export function takeFirstLoginUrl(): string | undefined {
  const value = sessionStorage.getItem(FIRST_LOGIN_KEY);
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Set when an order completes in this tab: the completion pages are shown only after one. */
export const ORDER_COMPLETED_KEY = 'musio:order-completed';
