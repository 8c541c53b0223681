import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/support/test-app.ts';
import { queueMail } from '../mail/outbox.ts';

const app = useTestApp();

describe('GET /dev/mailbox.json (development only)', () => {
  it('lists recent mails with their text, newest first', async () => {
    await queueMail(app.ctx, { template: 'test', to: 'first@example.jp', content: { subject: '一通目', text: '本文1', html: '<p>1</p>' } });
    await queueMail(app.ctx, { template: 'test', to: 'second@example.jp', content: { subject: '二通目', text: '本文2', html: '<p>2</p>' } });
    const response = await app.request('/dev/mailbox.json');
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { to: string; subject: string; text: string; status: string; headers: object }[] };
    expect(data.slice(0, 2)).toEqual([
      { id: expect.any(String), to: 'second@example.jp', subject: '二通目', status: 'queued', createdAt: expect.any(String), text: '本文2', headers: {}, attachments: [] },
      { id: expect.any(String), to: 'first@example.jp', subject: '一通目', status: 'queued', createdAt: expect.any(String), text: '本文1', headers: {}, attachments: [] },
    ]);
  });
});
