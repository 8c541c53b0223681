import { getRouterParam, type H3 } from 'h3';
import { postalCodeDigits } from '../../../src/domain/address-schemas.ts';
import type { AppContext } from '../../context.ts';
import { jsonReply } from '../../lib/compression.ts';
import { AppError } from '../../lib/errors.ts';
import { lookUpPostalCode } from './lookup.ts';

/**
 * GET /api/v2/postal-codes/{zip7}: public data, so no sign-in; a GET, so no CSRF concern. The
 * data changes only when the package is updated, so a found place may be cached for a day; a 404
 * stays uncached like every API error (a browser asks again, which costs a map look-up).
 */
export function registerPostalCodeRoutes(app: H3, _ctx: AppContext): void {
  app.get('/api/v2/postal-codes/:zip', async (event) => {
    const zip7 = postalCodeDigits(decodeParam(getRouterParam(event, 'zip')));
    if (!zip7) throw new AppError('badRequest', { code: 'invalidPostalCode', issues: [{ path: 'zip', code: 'invalidPostalCode' }] });
    const place = await lookUpPostalCode(zip7);
    if (!place) throw new AppError('notFound');
    return jsonReply(event, { status: 'success', data: place }, { cacheControl: 'public, max-age=86400' });
  });
}

/** The path segment as typed (%E3%83%BC is ー); a malformed escape is simply not a postal code. */
function decodeParam(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return '';
  }
}
