import { createServer, type Server } from 'node:http';
import { rm } from 'node:fs/promises';
import { H3, HTTPError } from 'h3';
import { toNodeHandler } from 'srvx/node';
import { normalizeEmail } from '../../src/domain/auth-schemas.ts';
import type { AppContext } from '../../api/context.ts';
import { setSessionCookies } from '../../api/features/auth/cookies.ts';
import { findAccountByEmail, syncRoles } from '../../api/features/auth/service.ts';
import { createSession } from '../../api/features/auth/sessions.ts';

/**
 * The browser tests' way to a signed-in page without the form (tests/e2e/support/fixtures.ts,
 * `signIn`): the e2e server answers `POST /session { email }` on a Unix socket beside it, never on
 * the site's port, so no build of the site has the route. The account's roles are brought up to
 * date and the session made by the same calls as a sign-in (syncRoles, createSession), and the
 * cookies are set by the sign-in's own setSessionCookies: the answer's Set-Cookie headers are what
 * a real sign-in sends.
 */
export async function serveSessionChannel(ctx: AppContext, socketPath: string): Promise<Server> {
  const channel = new H3();
  channel.post('/session', async (event) => {
    const { email } = (await event.req.json()) as { email: string };
    const { db } = ctx.database;
    const known = await findAccountByEmail(db, normalizeEmail(email));
    if (!known) throw new HTTPError(`no account ${email}`, { status: 404 });
    await syncRoles(db, ctx.config.adminEmails, ctx.config.staffEmails, known.id);
    const account = (await findAccountByEmail(db, known.email))!;
    const session = await createSession(ctx, account);
    setSessionCookies(event, ctx.config, session.token, session.maxAgeSeconds);
    return { status: 'success' };
  });
  await rm(socketPath, { force: true });
  const handle = toNodeHandler((request) => channel.fetch(request));
  // srvx types its handler for HTTP/1 and HTTP/2 at once; this server is HTTP/1 (as api/server.ts).
  const server = createServer((req, res) => void handle(req as never, res as never));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return server;
}
