/**
 * The yardstick of bench:api: the hand-written handlers (baseline-handlers.ts) on node:http with
 * postgres.js and none of our framework around them, answering the same bytes (the same JSON and the
 * same headers, the security headers included: a hand-written service must send them too).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { securityHeaders } from '../../api/lib/security-headers.ts';
import { sessionOf, sessionReply, sql, userdata } from './baseline-handlers.ts';

const apiHeaders = securityHeaders({ https: false, isApi: true }).flat();

async function handle(request: IncomingMessage, response: ServerResponse) {
  const session = await sessionOf(request.headers.authorization);
  if (!session) return void response.writeHead(401).end();
  const body = JSON.stringify(request.url === '/userdata' ? { status: 'success', data: await userdata(session) } : sessionReply(session));
  // The same headers as ours (a hand-written service sends the security headers too), in one call.
  response.writeHead(200, [...apiHeaders, 'content-type', 'application/json;charset=UTF-8', 'content-length', String(Buffer.byteLength(body))]).end(body);
}

const server = createServer((request, response) => void handle(request, response));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ ready: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
});
process.on('SIGTERM', () => server.close(() => void sql.end().then(() => process.exit(0))));
