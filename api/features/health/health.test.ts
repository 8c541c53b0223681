import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';

describe('GET /api/health', () => {
  const app = useTestApp({ jobs: true });

  it('says the database is up and which kind it is', async () => {
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ status: 'ok', database: { status: 'up', kind: process.env.DATABASE_URL ? 'postgres' : 'pglite' }, jobs: { status: 'up' } });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 when the database stops answering', async () => {
    const { database } = app.ctx;
    const ping = database.ping;
    database.ping = () => Promise.reject(new Error('connection refused'));
    try {
      const response = await app.request('/api/health');
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 'error', database: { status: 'down' } });
    } finally {
      database.ping = ping;
    }
  });
});
