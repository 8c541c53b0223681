import { useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/ui/Button.tsx';
import { t } from '../../../i18n/ja.ts';
import { tokenizeCard, type BrowserPayments } from '../../../lib/payments/browser-payments.ts';
import { saveCard, showCardError, type StoredCard } from '../../../stores/card.ts';
import { normalizeHolderName } from '../../../domain/card-schemas.ts';
import { canSaveCard, checkLocalCard, checkStripeCard, toLocalCard, type CardFormValues, type CardPart } from './card-input.ts';
import { AcceptedCards } from './CardBrandLogo.tsx';
import { CardField } from './CardField.tsx';
import { LocalCardFields } from './LocalCardFields.tsx';
import { StripeCardFields, type StripeCardState } from './StripeCardFields.tsx';

export interface CardFormProps {
  /** The browser's payment provider, from `loadPayments()`: our own inputs, or Stripe's element. */
  payments: BrowserPayments;
  /** Called with the saved card; the card store already holds it. */
  onSaved: (card: StoredCard) => void;
  onCancel: () => void;
  /** Told when saving starts and ends (a dialog does not close meanwhile). */
  onBusyChange?: (busy: boolean) => void;
}

const emptyValues: CardFormValues = { number: '', expiry: '', cvc: '', name: '' };

/**
 * The card form (spec §5, card dialog): number, expiry, security code and the holder's name.
 * Save is enabled only when the first three are complete and the name is given. Saving
 * tokenises the card with the provider (the number never reaches our API) and saves the token;
 * on failure everything typed stays and the snackbar says why.
 */
export function CardForm({ payments, onSaved, onCancel, onBusyChange }: CardFormProps) {
  const [values, setValues] = useState(emptyValues);
  const [touched, setTouched] = useState<Partial<Record<CardPart, boolean>>>({});
  const [stripeCard, setStripeCard] = useState<StripeCardState>({ element: null, complete: false, issue: undefined });
  const [saving, setSaving] = useState(false);

  const check = payments.kind === 'local' ? checkLocalCard(values) : checkStripeCard(stripeCard.complete, values.name);
  const canSave = canSaveCard(check);

  const change = (part: CardPart, value: string) => setValues((current) => ({ ...current, [part]: value }));
  const touch = (part: CardPart) => setTouched((current) => ({ ...current, [part]: true }));

  const busy = (value: boolean) => {
    setSaving(value);
    onBusyChange?.(value);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    // Enter in a field submits too: the same rule as the disabled button.
    if (saving || !canSave) return;
    busy(true);
    try {
      const name = normalizeHolderName(values.name);
      const card = payments.kind === 'local' ? { local: toLocalCard(values), name } : { element: stripeCard.element ?? undefined, name };
      const saved = await saveCard(await tokenizeCard(payments, card), name);
      if (saved) onSaved(saved);
    } catch (error) {
      // The provider refused to tokenise the card (the save itself reports its own failures).
      showCardError(error);
    } finally {
      busy(false);
    }
  };

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-busy={saving || undefined} className="mt-4 space-y-3">
      {payments.kind === 'local' && <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-xs text-amber-900">{t('card.testCards')}</p>}
      <AcceptedCards />
      <fieldset disabled={saving} className="min-w-0 space-y-1">
        <legend className="sr-only">{t('card.dialogTitle')}</legend>
        {payments.kind === 'local' ? (
          <LocalCardFields values={values} check={check} touched={touched} onChange={change} onBlur={touch} />
        ) : (
          <StripeCardFields stripe={payments.stripe} disabled={saving} issue={stripeCard.issue} onChange={setStripeCard} />
        )}
        <CardField
          label={t('card.name')}
          value={values.name}
          onChange={(event) => change('name', event.currentTarget.value)}
          onBlur={() => touch('name')}
          error={touched.name ? check.issues.name : undefined}
          hint={t('card.nameHint')}
          placeholder={t('card.placeholder.name')}
          autoComplete="cc-name"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          lang="en"
          required
        />
      </fieldset>
      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row">
        <button
          type="button"
          onClick={onCancel}
          disabled={saving}
          className="w-full rounded-full border border-slate-300 bg-white px-6 py-3 font-bold text-ink hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400"
        >
          {t('card.cancel')}
        </button>
        <SubmitButton disabled={!canSave || saving} busy={saving}>
          {t(saving ? 'card.saving' : 'card.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
