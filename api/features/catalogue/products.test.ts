import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packageTypesFor } from '../../../src/domain/plans/availability.ts';
import { categories, type Product } from '../../../src/domain/plans/types.ts';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { planOptions } from '../../db/schema/index.ts';

const app = useTestApp();

async function products(category: string): Promise<Product[]> {
  const response = await app.request(`/api/v2/products?category=${category}`);
  expect(response.status).toBe(200);
  return (await response.json()).data;
}

describe('GET /api/v2/products', () => {
  it.each(categories)('answers the %s plans only, with option.items in the fields of the spec', async (category) => {
    const data = await products(category);
    expect(data.length).toBeGreaterThan(0);
    for (const product of data) {
      expect(Object.keys(product).sort()).toEqual(['frequency', 'id', 'name', 'option', 'price']);
      for (const item of product.option.items) {
        expect(packageTypesFor(category)).toContain(item.package_type);
        expect(item).toMatchObject({ product_id: product.id });
        for (const field of ['id', 'name', 'price', 'textbook', 'product_id', 'original_price', 'option_price', 'pre_discount_price', 'discount_rate', 'price_change', 'contract_month']) {
          expect(item).toHaveProperty(field);
        }
      }
    }
  });

  it('counts the plans of each category', async () => {
    const count = async (category: string) => (await products(category)).flatMap((product) => product.option.items).length;
    expect(await count('kodomo')).toBe(12 + 4 + 6);
    expect(await count('otona')).toBe(12 + 16);
    expect(await count('esatj')).toBe(6);
  });

  it('is read from the database: a price changed there is what the API answers', async () => {
    const before = await products('esatj');
    const [plan] = before[0]!.option.items;
    await app.ctx.database.db.update(planOptions).set({ price: 9999 }).where((await import('drizzle-orm')).eq(planOptions.optionId, plan!.id));
    expect((await products('esatj'))[0]!.option.items[0]!.price).toBe(9999);
  });

  it('is cacheable per category, revalidated by ETag', async () => {
    const first = await app.request('/api/v2/products?category=otona');
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=300/);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    const again = await app.request('/api/v2/products?category=otona', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const other = await app.request('/api/v2/products?category=kodomo', { headers: { 'if-none-match': etag } });
    expect(other.status).toBe(200);
  });

  it('is gzipped for clients that accept it', async () => {
    const response = await app.request('/api/v2/products?category=otona', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).status).toBe('success');
  });

  it.each(['', 'category=', 'category=adults', 'category=KODOMO'])('answers 400 for %j', async (query) => {
    const response = await app.request(`/api/v2/products?${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 'error', issues: [{ path: 'category' }] });
  });
});
