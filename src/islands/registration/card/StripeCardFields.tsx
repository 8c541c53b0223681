import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { t } from '../../../i18n/ja.ts';
import { stripeIssue } from './card-input.ts';
import { isKnownBrand } from './CardBrandLogo.tsx';

/** What the element last said: complete (number, expiry and code all valid), and what is wrong. */
export interface StripeCardState {
  element: StripeCardElement | null;
  complete: boolean;
  issue: string | undefined;
}

interface Props {
  stripe: Stripe;
  disabled: boolean;
  issue: string | undefined;
  onChange: (state: StripeCardState) => void;
}

// Inside Stripe's frame our CSS does not apply: the same size and colours as our inputs.
const elementStyle = {
  base: { fontSize: '16px', color: '#1e293b', '::placeholder': { color: '#94a3b8' } },
  invalid: { color: '#b91c1c' },
};

/**
 * Stripe mode: one Stripe card element (number, expiry, security code) in Stripe's frame, so the
 * number never touches our page or server. Its change events say whether the card is complete.
 */
export function StripeCardFields({ stripe, disabled, issue, onChange }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const element = useRef<StripeCardElement | null>(null);
  const labelId = useId();
  const report = useEffectEvent(onChange);

  useEffect(() => {
    if (!host.current) return;
    const card = stripe.elements({ locale: 'ja' }).create('card', { hidePostalCode: true, style: elementStyle });
    element.current = card;
    // The first field of a dialog just opened takes the focus, as the local form's number does.
    card.on('ready', () => card.focus());
    card.on('change', (event) => {
      const brand = isKnownBrand(event.brand) ? event.brand : undefined;
      report({ element: card, complete: event.complete, issue: event.error ? stripeIssue(event.error.code, brand) : undefined });
    });
    card.mount(host.current);
    report({ element: card, complete: false, issue: undefined });
    return () => {
      element.current = null;
      card.destroy();
    };
  }, [stripe]);

  // Runs after the element is made (effects run in order), and on every change after that.
  useEffect(() => {
    element.current?.update({ disabled });
  }, [disabled]);

  return (
    <div className="space-y-1">
      <p id={labelId} className="text-sm font-bold text-ink">
        {t('card.details')}
      </p>
      {/* Stripe mounts its frame here and marks this element StripeElement--focus / --invalid. */}
      <div
        ref={host}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={`${labelId}-error`}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-3 shadow-sm [&.StripeElement--focus]:border-brand-600 [&.StripeElement--focus]:ring-2 [&.StripeElement--focus]:ring-brand-200 [&.StripeElement--invalid]:border-red-600"
      />
      <p id={`${labelId}-error`} className="min-h-5 text-sm font-medium text-red-700" aria-live="polite">
        {issue}
      </p>
    </div>
  );
}
