import type { H3 } from 'h3';
import { postalCodeParams } from '../../../src/domain/address-schemas.ts';
import type { AppContext } from '../../context.ts';
import { jsonReply } from '../../lib/compression.ts';
import { AppError } from '../../lib/errors.ts';
import { readParams } from '../../lib/validation.ts';
import { lookUpPostalCode } from './lookup.ts';

/**
 * GET /api/v2/postal-codes/{zip7}: public data, so no sign-in; a GET, so no CSRF concern. The
 * data changes only when the package is updated, so a found place may be cached for a day; a 404
 * stays uncached like every API error (a browser asks again, which costs a map look-up).
 */
export function registerPostalCodeRoutes(app: H3, _ctx: AppContext): void {
  app.get('/api/v2/postal-codes/:zip', async (event) => {
    const { zip: zip7 } = await readParams(event, postalCodeParams);
    const place = await lookUpPostalCode(zip7);
    if (!place) throw new AppError('notFound');
    return jsonReply(event, { status: 'success', data: place }, { cacheControl: 'public, max-age=86400' });
  });
}
