import { useId } from 'react';
import { cardBrands, type CardBrand } from '../../../domain/cards.ts';
import { t } from '../../../i18n/ja.ts';

interface Badge {
  /** The brand's name as it prints it: a trade name, the same in every language. */
  name: string;
  /** What the badge shows: the name, shortened where it would not fit. */
  text: string;
  fill: string;
  fontSize: number;
}

// Our own plain badges, not the brands' artwork: a coloured card with the name in white.
const badges: Record<CardBrand, Badge> = {
  visa: { name: 'Visa', text: 'VISA', fill: '#1a1f71', fontSize: 13 },
  mastercard: { name: 'Mastercard', text: 'Mastercard', fill: '#3b3b3b', fontSize: 7.5 },
  amex: { name: 'American Express', text: 'AMEX', fill: '#1f6fc5', fontSize: 12 },
  discover: { name: 'Discover', text: 'DISCOVER', fill: '#b34700', fontSize: 7.5 },
  jcb: { name: 'JCB', text: 'JCB', fill: '#0a6b3d', fontSize: 13 },
  diners: { name: 'Diners Club', text: 'Diners Club', fill: '#004a87', fontSize: 7 },
};

/** The brand's name, or undefined for a brand the product does not show (unionpay, unknown …). */
export function brandName(brand: string | undefined): string | undefined {
  return isKnownBrand(brand) ? badges[brand].name : undefined;
}

export function isKnownBrand(brand: string | undefined): brand is CardBrand {
  return (cardBrands as readonly string[]).includes(brand ?? '');
}

interface Props {
  /** A brand name from the provider or from `cardBrand()`; anything else shows a plain card. */
  brand: string | undefined;
  className?: string;
}

/**
 * A small badge for a card brand (spec: Visa, MasterCard, Discover, JCB, Diners Club, American
 * Express), or a plain card for any other. An image named by the brand; no inline style.
 */
export function CardBrandLogo({ brand, className = 'h-6 w-10' }: Props) {
  const titleId = useId();
  const badge = isKnownBrand(brand) ? badges[brand] : undefined;
  const label = badge?.name ?? t('card.brand.generic');
  return (
    <svg viewBox="0 0 48 30" role="img" aria-labelledby={titleId} className={`shrink-0 ${className}`} focusable="false">
      <title id={titleId}>{label}</title>
      {badge ? (
        <>
          <rect width="48" height="30" rx="4" fill={badge.fill} />
          <text x="24" y="15" textAnchor="middle" dominantBaseline="central" fill="#ffffff" fontFamily="Arial, Helvetica, sans-serif" fontWeight="700" fontSize={badge.fontSize}>
            {badge.text}
          </text>
        </>
      ) : (
        <>
          <rect x="0.75" y="0.75" width="46.5" height="28.5" rx="4" fill="#f1f5f9" stroke="#64748b" strokeWidth="1.5" />
          <rect x="0.75" y="7" width="46.5" height="5" fill="#64748b" />
          <rect x="6" y="19" width="16" height="3" rx="1" fill="#94a3b8" />
        </>
      )}
    </svg>
  );
}

/** The row of brands the product accepts (label 「ご利用いただけるカード」), shown with the card form. */
export function AcceptedCards() {
  const headingId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <p id={headingId} className="text-xs font-bold text-muted">
        {t('card.accepted')}
      </p>
      <ul aria-labelledby={headingId} className="flex flex-wrap items-center gap-1.5">
        {cardBrands.map((brand) => (
          <li key={brand}>
            <CardBrandLogo brand={brand} />
          </li>
        ))}
      </ul>
    </div>
  );
}
