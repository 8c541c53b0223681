import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { RetryChargeReply, RetrySummary } from '../../domain/billing/contract.ts';
import type { AuthenticateCardReply } from '../../domain/card-schemas.ts';
import { t, type MessageKey, type PlainKey } from '../../i18n/ja.ts';
import { api, errorKeyOf } from '../../lib/api.ts';
import { confirmIntent, loadPayments } from '../../lib/payments/browser-payments.ts';
import { $addressBook, $selectedAddress, loadAddresses } from '../../stores/addresses.ts';
import { $cardSaved } from '../../stores/card.ts';
import { showError } from '../../stores/snackbar.ts';
import { reloadSubscriptions } from '../../stores/subscriptions.ts';
import { AuthDialog } from '../registration/card/AuthDialog.tsx';
import { CardSection } from '../registration/card/CardSection.tsx';
import { useMemberSession } from './use-member-session.ts';

type Outcome = { kind: 'ok'; key: PlainKey } | { kind: 'error'; key: MessageKey };

/**
 * /payment-card: the registration's card section as a page. A new card is authenticated for the
 * charges to come (3-D Secure through the order's loop), and any past-due charge it paid at once
 * (product decision 14) is reported, with 3-D Secure for that payment too when the bank asks.
 */
export default function PaymentCardPage() {
  useMemberSession();
  const book = useStore($addressBook);
  const selected = useStore($selectedAddress);
  const saved = useStore($cardSaved);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    void loadAddresses();
  }, []);

  useEffect(() => {
    if (!saved) return;
    let active = true;
    void afterCardSaved(saved.billing).then((result) => {
      if (!active) return;
      setOutcome(result);
      if (result.kind === 'error') showError(result.key);
      void reloadSubscriptions();
    });
    return () => {
      active = false;
    };
  }, [saved]);

  return (
    <div className="space-y-6">
      <div className="rounded-2xl bg-white p-5 ring-1 ring-brand-100 sm:p-6">
        <CardSection disabled={book.status === 'ready' && !selected} />
      </div>
      {book.status === 'ready' && !selected && (
        <p className="text-sm">
          <a href="/shipping-address" className="font-bold text-brand-700 underline">
            {t('mypage.card.toAddress')}
          </a>
        </p>
      )}
      <p role="status" className={outcome ? (outcome.kind === 'ok' ? 'rounded-lg bg-emerald-50 p-3 text-sm font-bold text-emerald-900' : 'rounded-lg bg-red-50 p-3 text-sm font-bold text-red-800') : 'sr-only'}>
        {outcome ? t(outcome.key) : ''}
      </p>
      <AuthDialog />
    </div>
  );
}

/** Authenticates the new card, then settles what it paid at once; the line to show. */
async function afterCardSaved(billing: RetrySummary | null): Promise<Outcome> {
  try {
    let reply = await api<AuthenticateCardReply>('/v2/card/authenticate', { method: 'POST', body: {} });
    for (let round = 0; reply.requires_action; round += 1) {
      if (round >= 3) return { kind: 'error', key: 'authenticationFailed' };
      await confirmIntent(await loadPayments(), { intentId: reply.setup_intent_id, clientSecret: reply.client_secret, isSetup: true });
      reply = await api<AuthenticateCardReply>('/v2/card/authenticate', { method: 'POST', body: { setup_intent_id: reply.setup_intent_id } });
    }
  } catch (error) {
    return { kind: 'error', key: errorKeyOf(error) };
  }
  if (!billing) {
    return { kind: 'ok', key: 'mypage.card.saved' };
  }
  return settlePastDue(billing);
}

async function settlePastDue(billing: RetrySummary): Promise<Outcome> {
  if (billing.result === 'paid') return { kind: 'ok', key: 'mypage.card.pastDuePaid' };
  if (billing.result === 'inProgress') return { kind: 'ok', key: 'mypage.card.pastDueInProgress' };
  if (billing.result === 'failed') return { kind: 'error', key: billing.code };
  try {
    await confirmIntent(await loadPayments(), { intentId: billing.payment_intent_id, clientSecret: billing.client_secret, isSetup: false });
    const reply = await api<RetryChargeReply>('/v2/billing/retry', { method: 'POST', body: { payment_intent_id: billing.payment_intent_id } });
    if (reply.requires_action) return { kind: 'error', key: 'authenticationFailed' };
    return { kind: 'ok', key: reply.result === 'paid' ? 'mypage.card.pastDuePaid' : 'mypage.card.saved' };
  } catch (error) {
    return { kind: 'error', key: errorKeyOf(error) };
  }
}
