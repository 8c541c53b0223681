import { useStore } from '@nanostores/react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { t, type PlainKey } from '../../../i18n/ja.ts';
import { $card, loadCard, type StoredCard } from '../../../stores/card.ts';
import { CardBrandLogo } from './CardBrandLogo.tsx';
import { CardDialog } from './CardDialog.tsx';

export interface CardSectionProps {
  /** True until an address is selected (spec §2): the section says so and the card cannot be changed. */
  disabled: boolean;
  /** Told the card, or null, once it has been read (or could not be), and after every change. */
  onCardChange?: (card: StoredCard | null) => void;
}

/**
 * The payment card (spec: Card): the registered card, and a dialog to register or change it.
 * A self-contained section with its own h2 (「お支払いカード」), like the address book: the
 * page puts it in place and adds no heading of its own. Used by registration and by My Page's
 * /payment-card; both read the card store, so they stay in step. The 3-D Secure stand-in
 * (AuthDialog) is the page's, not this section's: it belongs to the order, not to saving a card.
 */
export function CardSection({ disabled, onCardChange }: CardSectionProps) {
  const { status, card } = useStore($card);
  const [editing, setEditing] = useState(false);
  const [announcement, setAnnouncement] = useState<PlainKey | null>(null);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    void loadCard();
  }, []);

  // A failed read counts as no card (spec §4), so the page never waits for one.
  const notify = useEffectEvent((current: StoredCard | null) => onCardChange?.(current));
  const settled = status === 'ready' || status === 'failed';
  useEffect(() => {
    if (settled) notify(card);
  }, [settled, card]);

  const isLoading = status === 'idle' || status === 'loading';

  return (
    <section aria-labelledby={headingId} aria-busy={isLoading} className="space-y-4">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="scroll-mt-4 text-lg text-brand-800">
        {t('card.title')}
      </h2>
      {disabled && (
        <p id={`${headingId}-disabled`} className="rounded-lg bg-slate-100 p-3 text-sm text-muted">
          {t('card.needAddress')}
        </p>
      )}
      {isLoading && <p className="text-sm text-muted">{t('common.loading')}</p>}
      {status === 'failed' && (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p>{t('card.loadFailed')}</p>
          <button type="button" onClick={() => void loadCard()} className="font-bold text-brand-700 underline">
            {t('card.retry')}
          </button>
        </div>
      )}
      {status === 'ready' && (
        <>
          {card ? <CardSummary card={card} /> : <p className="text-sm">{t('card.none')}</p>}
          <button
            type="button"
            onClick={() => setEditing(true)}
            disabled={disabled}
            aria-describedby={disabled ? `${headingId}-disabled` : undefined}
            className="rounded-full border-2 border-brand-600 bg-white px-5 py-2 font-bold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500"
          >
            {t(card ? 'card.change' : 'card.register')}
          </button>
        </>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement ? t(announcement) : ''}
      </p>
      {/* Mounted only while open: Headless UI renders an inline style even when closed, and the
          CSP refuses inline styles in server-rendered HTML. */}
      {editing && (
        <CardDialog
          onClose={(saved) => {
            setEditing(false);
            if (!saved) return;
            setAnnouncement('card.saved');
            // Headless UI gives the focus back to the button that opened the dialog, which may now be
            // below the fold: the focus goes to the section instead, scrolled into view (issue 27).
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                heading.current?.focus({ preventScroll: true });
                heading.current?.scrollIntoView({ block: 'start' });
              }),
            );
          }}
        />
      )}
    </section>
  );
}

/** Holder, last four digits, expiry and brand: all the server keeps of a card. */
function CardSummary({ card }: { card: StoredCard }) {
  return (
    <div className="flex items-center gap-4 rounded-xl border border-slate-300 bg-white p-4">
      <CardBrandLogo brand={card.card_brand} className="h-9 w-14" />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('card.holder')}</dt>
        <dd lang="en" className="font-bold break-words text-ink">
          {card.card_name}
        </dd>
        <dt className="text-muted">{t('card.last4')}</dt>
        <dd className="text-ink">
          <span aria-hidden="true">•••• </span>
          <span className="sr-only">{t('card.endsWith')} </span>
          {card.card_number}
        </dd>
        <dt className="text-muted">{t('card.exp')}</dt>
        <dd className="text-ink">{card.card_exp}</dd>
      </dl>
    </div>
  );
}
