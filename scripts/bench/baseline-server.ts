/**
 * The yardstick: a hand-written node:http + postgres.js handler doing the same session check as
 * GET /api/auth/session (one prepared query joining session and account, a constant-time
 * comparison of the secret's hash, the same JSON), with none of our framework around it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import postgres from 'postgres';

const sql = postgres(process.env.DATABASE_URL!, { max: 10 });
const server = createServer(async (request, response) => {
  const match = /^Bearer ([a-z2-7]{24})\.([a-z2-7]{24})$/.exec(request.headers.authorization ?? '');
  if (!match) return void response.writeHead(401).end();
  const [row] = await sql`
    select s.secret_hash, s.idle_expires_at, s.absolute_expires_at, a.email, a.first_name, a.last_name, a.role, a.signed_up_at,
      exists (select 1 from cards c where c.account_id = a.id) as has_card
    from sessions s join accounts a on a.id = s.account_id where s.id = ${match[1]!}`;
  const presented = Buffer.from(createHash('sha256').update(match[2]!).digest('hex'));
  const now = new Date();
  if (!row || !timingSafeEqual(presented, Buffer.from(row.secret_hash)) || row.idle_expires_at <= now || row.absolute_expires_at <= now) {
    return void response.writeHead(401).end();
  }
  const body = JSON.stringify({
    status: 'success',
    data: { email: row.email, name: `${row.last_name} ${row.first_name}`, isAdmin: row.role === 'admin', isStaff: row.role === 'staff', isSignedUp: row.signed_up_at !== null, hasCard: row.has_card },
  });
  response.writeHead(200, { 'content-type': 'application/json' }).end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ ready: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
});
process.on('SIGTERM', () => server.close(() => void sql.end().then(() => process.exit(0))));
