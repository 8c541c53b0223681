/**
 * The framework's own share in bench:api: the baseline's hand-written handlers (baseline-handlers.ts)
 * served the way our server serves the app (api/server.ts): an h3 app on srvx's Node adapter, the
 * security headers added with the head (SecuredResponse). Set beside ours and the baseline, it tells
 * what h3 and srvx cost (this server against the baseline) from what our own code costs (ours
 * against this server), in the same run.
 */
import { createServer } from 'node:http';
import { H3, HTTPError } from 'h3';
import { toNodeHandler } from 'srvx/node';
import { SecuredResponse } from '../../api/lib/secured-response.ts';
import { securityHeaders } from '../../api/lib/security-headers.ts';
import { sessionOf, sessionReply, sql, userdata } from './baseline-handlers.ts';

const apiHeaders = securityHeaders({ https: false, isApi: true });

const signedIn = async (authorization: string | null) => {
  const session = await sessionOf(authorization);
  if (!session) throw new HTTPError({ status: 401 });
  return session;
};
const app = new H3({ silent: true });
app.get('/api/auth/session', async (event) => sessionReply(await signedIn(event.req.headers.get('authorization'))));
app.get('/api/v2/userdata', async (event) => ({ status: 'success', data: await userdata(await signedIn(event.req.headers.get('authorization'))) }));

const handle = toNodeHandler((request) => app.fetch(request));
const server = createServer({ ServerResponse: SecuredResponse }, (request, response) => {
  response.securityHeaders = apiHeaders;
  void handle(request as never, response as never);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ ready: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
});
process.on('SIGTERM', () => server.close(() => void sql.end().then(() => process.exit(0))));
