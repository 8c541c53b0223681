import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';

const app = useTestApp();

describe('GET /api/v2/postal-codes/{zip7}', () => {
  it.each([
    ['1040061', { prefecture: '東京都', city: '中央区', town: '銀座' }],
    ['104-0061', { prefecture: '東京都', city: '中央区', town: '銀座' }],
    ['530-0001', { prefecture: '大阪府', city: '大阪市北区', town: '梅田' }],
    ['9071801', { prefecture: '沖縄県', city: '八重山郡与那国町', town: '与那国' }],
    // A city's general code: no town ("以下に掲載がない場合").
    ['0600000', { prefecture: '北海道', city: '札幌市中央区', town: '' }],
  ])('finds %s without sign-in, cacheable for a day', async (zip, place) => {
    const response = await app.request(`/api/v2/postal-codes/${zip}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await response.json()).toEqual({ status: 'success', data: { ...place, candidates: [place] } });
  });

  it('lists every town of a code shared by several, and names none of them at the top', async () => {
    const response = await app.request('/api/v2/postal-codes/452-0961');
    const { data } = await response.json();
    expect(data).toMatchObject({ prefecture: '愛知県', city: '清須市', town: '' });
    expect(data.candidates.length).toBeGreaterThan(10);
    expect(data.candidates).toContainEqual({ prefecture: '愛知県', city: '清須市', town: '春日夢の森' });
  });

  it('accepts the full-width digits and dash an IME types', async () => {
    const response = await app.request(`/api/v2/postal-codes/${encodeURIComponent('１０４ー００６１')}`);
    expect(response.status).toBe(200);
    expect((await response.json()).data.town).toBe('銀座');
  });

  it('answers 404 for a code Japan Post does not use', async () => {
    const response = await app.request('/api/v2/postal-codes/0000000');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: 'error', code: 'notFound' });
  });

  it.each(['123456', '12345678', '1234-567', 'abcdefg', '%E3%80%92'])('answers 400 for the malformed %s', async (zip) => {
    const response = await app.request(`/api/v2/postal-codes/${zip}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ status: 'error', code: 'invalidPostalCode', issues: [{ path: 'zip', code: 'invalidPostalCode' }] });
  });

  it('revalidates with the ETag', async () => {
    const first = await app.request('/api/v2/postal-codes/1040061');
    const etag = first.headers.get('etag')!;
    const again = await app.request('/api/v2/postal-codes/1040061', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });
});
