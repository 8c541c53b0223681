import { desc, eq } from 'drizzle-orm';
import { mails } from '../../api/db/schema/index.ts';
import type { TestApp } from './test-app.ts';
import { waitFor } from './wait.ts';

/** The newest mail to an address once the worker has handled it (sent, or kept in the outbox). */
export function waitForMail(app: TestApp, to: string, options: { after?: Date } = {}) {
  return waitFor(
    async () => {
      const [mail] = await app.ctx.database.db.select().from(mails).where(eq(mails.toAddress, to)).orderBy(desc(mails.createdAt)).limit(1);
      if (!mail || mail.status === 'queued') return undefined;
      if (options.after && mail.createdAt < options.after) return undefined;
      return mail;
    },
    { what: `a mail to ${to}` },
  );
}

/** The reset token inside a password-reset mail's link. */
export function resetTokenFrom(text: string): string {
  const token = /\/reset-password#token=([a-z0-9]+)/.exec(text)?.[1];
  if (!token) throw new Error('no reset link in the mail');
  return token;
}
