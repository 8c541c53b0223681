import { atom } from 'nanostores';

/** On while a payment is being processed: the loading overlay covers the page. */
export const $isProcessingPayment = atom(false);
