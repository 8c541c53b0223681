/**
 * What a member is told when the card was refused, by the gateway's reason: no funds, a failed
 * bank authentication (3-D Secure), or a decline (the same words for every other reason, so a
 * card tester learns nothing from them).
 */
export type PaymentFailureKey = 'insufficientFunds' | 'authenticationFailed' | 'paymentDeclined';

export function paymentFailureKey(code: string | null | undefined): PaymentFailureKey {
  if (code === 'insufficient_funds') return 'insufficientFunds';
  if (code === 'authentication_failed' || code === 'authentication_required') return 'authenticationFailed';
  return 'paymentDeclined';
}
