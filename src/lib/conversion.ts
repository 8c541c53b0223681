/**
 * The one hook for advertising and affiliate tags (product decision 11). The product sends no data to ad
 * networks; it announces the two conversions on `window` and nothing more. A marketer who adds a
 * tag (A8.net, an ad pixel) listens here, for example in a script added to BaseLayout:
 *
 *   window.addEventListener('musio:conversion', (event) => { ... event.detail.kind ... });
 *
 * The a8 parameter itself is kept server-side (an HttpOnly cookie, first visit wins) and stored
 * with the order; see docs/decisions.
 */
export const CONVERSION_EVENT = 'musio:conversion';

export type Conversion = { kind: 'signup' } | { kind: 'order'; orderId: string; category: 'normal' | 'esatj' };

export function markConversion(conversion: Conversion): void {
  window.dispatchEvent(new CustomEvent<Conversion>(CONVERSION_EVENT, { detail: conversion }));
}
