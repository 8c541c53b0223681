import type { Stripe } from '@stripe/stripe-js';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { t } from '../../../i18n/ja.ts';
import type { BrowserPayments } from '../../../lib/payments/browser-payments.ts';
import { checkLocalCard, type CardFormValues, type CardPart } from './card-input.ts';
import { CardForm } from './CardForm.tsx';
import { LocalCardFields } from './LocalCardFields.tsx';

const ignore = () => undefined;
const renderForm = (payments: BrowserPayments) => renderToString(createElement(CardForm, { payments, onSaved: ignore, onCancel: ignore }));

const empty: CardFormValues = { number: '', expiry: '', cvc: '', name: '' };
const renderFields = (values: Partial<CardFormValues>, touched: Partial<Record<CardPart, boolean>> = {}) => {
  const all = { ...empty, ...values };
  return renderToString(createElement(LocalCardFields, { values: all, check: checkLocalCard(all), touched, onChange: ignore, onBlur: ignore }));
};

const saveButton = (html: string) => /<button type="submit"[^>]*>/.exec(html)?.[0];
const inputWith = (html: string, autocomplete: string) => new RegExp(`<input[^>]*autoComplete="${autocomplete}"[^>]*>`, 'i').exec(html)?.[0];

describe('CardForm with the local gateway, as first rendered', () => {
  const html = renderForm({ kind: 'local' });

  it('has the four inputs with the browser autofill names and numeric keyboards', () => {
    expect(inputWith(html, 'cc-number')).toContain('inputMode="numeric"');
    expect(inputWith(html, 'cc-exp')).toContain('inputMode="numeric"');
    expect(inputWith(html, 'cc-csc')).toContain('inputMode="numeric"');
    expect(inputWith(html, 'cc-name')).toContain('lang="en"');
    for (const label of [t('card.number'), t('card.expiry'), t('card.cvc'), t('card.name')]) expect(html).toContain(`>${label}</label>`);
  });

  it('keeps Save disabled while nothing is typed', () => {
    expect(saveButton(html)).toContain('disabled=""');
  });

  it('names the test cards (development) and the accepted brands', () => {
    expect(html).toContain(t('card.testCards'));
    expect(html).toContain(t('card.accepted'));
    for (const name of ['Visa', 'Mastercard', 'American Express', 'Discover', 'JCB', 'Diners Club']) expect(html).toMatch(new RegExp(`<title[^>]*>${name}</title>`));
  });

  it('has no inline style attribute', () => {
    expect(html).not.toMatch(/\sstyle="/);
  });
});

describe('CardForm with Stripe', () => {
  const html = renderForm({ kind: 'stripe', stripe: {} as Stripe });

  it('has no card-number input of its own (Stripe collects it in its frame), only the holder name', () => {
    expect(inputWith(html, 'cc-number')).toBeUndefined();
    expect(inputWith(html, 'cc-name')).toBeDefined();
    expect(html).toMatch(new RegExp(`role="group" aria-labelledby="[^"]+"`));
    expect(html).toContain(t('card.details'));
    expect(saveButton(html)).toContain('disabled=""');
  });

  it('shows no test cards', () => {
    expect(html).not.toContain(t('card.testCards'));
  });
});

describe('the local card inputs while typed', () => {
  const titleOf = (html: string) => /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];

  it.each([
    ['4242 4242', 'Visa'],
    ['5555 5555', 'Mastercard'],
    ['3782 822463 10005', 'American Express'],
    ['6011 1111', 'Discover'],
    ['3530 1113', 'JCB'],
    ['3056 9300', 'Diners Club'],
    ['9999 99', t('card.brand.generic')],
  ])('shows the brand of %s as soon as it is known: %s', (number, brand) => {
    expect(titleOf(renderFields({ number }))).toBe(brand);
  });

  it('shows no brand before anything is typed', () => {
    expect(renderFields({})).not.toContain('<svg');
  });

  it('shows what is wrong only once the person has left the field', () => {
    const values = { number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12' };
    const untouched = renderFields(values);
    for (const key of ['card.error.number', 'card.error.expired'] as const) expect(untouched).not.toContain(t(key));
    expect(untouched).not.toContain('aria-invalid');

    const left = renderFields(values, { number: true, expiry: true, cvc: true });
    expect(left).toContain(t('card.error.number'));
    expect(left).toContain(t('card.error.expired'));
    expect(left).toContain('セキュリティコードを3桁の数字で入力してください。');
    expect(left.match(/aria-invalid="true"/g)).toHaveLength(3);
  });

  it('asks American Express for four digits', () => {
    expect(renderFields({ number: '3782 822463 10005', cvc: '123' }, { cvc: true })).toContain('セキュリティコードを4桁の数字で入力してください。');
  });
});
