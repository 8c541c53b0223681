import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { cardBrand } from '../../../domain/cards.ts';
import { t } from '../../../i18n/ja.ts';
import { caretAfterDigits, digitsOf, formatCardNumber, formatExpiryInput, type CardCheck, type CardFormValues, type CardPart } from './card-input.ts';
import { CardBrandLogo } from './CardBrandLogo.tsx';
import { CardField } from './CardField.tsx';

interface Caret {
  input: HTMLInputElement;
  position: number;
}

interface Props {
  values: CardFormValues;
  check: CardCheck;
  /** The parts the person has left once: only their problems are shown. */
  touched: Partial<Record<CardPart, boolean>>;
  onChange: (part: 'number' | 'expiry' | 'cvc', value: string) => void;
  onBlur: (part: CardPart) => void;
}

/**
 * Number, expiry and security code for the local gateway (development and tests): controlled
 * inputs that group the number as it is typed and show its brand as soon as it is known.
 */
export function LocalCardFields({ values, check, touched, onChange, onBlur }: Props) {
  const caret = useRef<Caret | null>(null);
  const brand = cardBrand(values.number);

  // Reformatting moves the caret to the end; put it back after the same digits.
  useLayoutEffect(() => {
    if (!caret.current) return;
    const { input, position } = caret.current;
    caret.current = null;
    if (document.activeElement === input) input.setSelectionRange(position, position);
  });

  const reformat = (event: ChangeEvent<HTMLInputElement>, part: 'number' | 'expiry', format: (text: string) => string) => {
    const input = event.currentTarget;
    const typedBefore = digitsOf(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
    const formatted = format(input.value);
    caret.current = { input, position: caretAfterDigits(formatted, typedBefore) };
    onChange(part, formatted);
  };

  const errorOf = (part: CardPart) => (touched[part] ? check.issues[part] : undefined);

  return (
    <>
      <CardField
        label={t('card.number')}
        value={values.number}
        onChange={(event) => reformat(event, 'number', formatCardNumber)}
        onBlur={() => onBlur('number')}
        error={errorOf('number')}
        adornment={values.number ? <CardBrandLogo brand={brand} /> : undefined}
        inputMode="numeric"
        autoComplete="cc-number"
        // The first field of a dialog just opened: it mounts once the payment provider is known.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        maxLength={23}
        spellCheck={false}
        lang="en"
        required
      />
      <div className="grid grid-cols-2 gap-3">
        <CardField
          label={t('card.expiry')}
          value={values.expiry}
          onChange={(event) => reformat(event, 'expiry', formatExpiryInput)}
          onBlur={() => onBlur('expiry')}
          error={errorOf('expiry')}
          placeholder={t('card.placeholder.expiry')}
          inputMode="numeric"
          autoComplete="cc-exp"
          maxLength={7}
          required
        />
        <CardField
          label={t('card.cvc')}
          value={values.cvc}
          onChange={(event) => onChange('cvc', digitsOf(event.currentTarget.value).slice(0, 4))}
          onBlur={() => onBlur('cvc')}
          error={errorOf('cvc')}
          hint={t('card.cvcHint')}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          required
        />
      </div>
    </>
  );
}
