import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { toNodeHandler } from 'srvx/node';
import type { AppConfig } from './config.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { requestIsHttps } from './lib/request.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { createRuntime, type Runtime, type RuntimeOptions } from './runtime.ts';

export interface RunningServer {
  url: string;
  runtime: Runtime;
  server: Server;
  close(): Promise<void>;
}

export function createServerLogger(config: AppConfig): Logger {
  return createLogger({ level: config.logLevel, json: config.isProduction });
}

/**
 * Starts one Node process serving the site and the API on config.port. The security headers
 * are set on the Node response before the app runs (a response that sets its own, such as a
 * page's CSP, replaces them): cheaper than editing every finished Response.
 */
export async function startServer(config: AppConfig, logger: Logger, options: RuntimeOptions = {}): Promise<RunningServer> {
  const runtime = await createRuntime(config, logger, { migrate: true, jobs: true, site: true, ...options });
  const handle = toNodeHandler((request) => runtime.app.fetch(request), { trustProxy: config.trustProxy });
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const server = createServer((req, res) => {
    if (!req.url?.startsWith('/')) {
      res.writeHead(400).end();
      return;
    }
    for (const [name, value] of securityHeaders({ https: isHttpsNode(req, config.trustProxy), isApi: req.url.startsWith('/api/') })) {
      res.setHeader(name, value);
    }
    // Counted until the handler has finished, even if the client went away meanwhile.
    // srvx types its handler for HTTP/1 and HTTP/2 at once; this server is HTTP/1.
    inFlight += 1;
    void Promise.resolve(handle(req as never, res as never)).finally(() => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  // A graceful stop: no new connections, running requests may finish (up to 10 s), then the
  // database and the job queue close. Nothing is cut off half-way on a deploy.
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0) {
        await Promise.race([new Promise<void>((resolve) => (drained = resolve)), new Promise((resolve) => setTimeout(resolve, 10_000))]);
      }
      server.closeAllConnections();
      await stopped;
      await runtime.close();
    })());
  return { url, runtime, server, close };
}

function isHttpsNode(req: IncomingMessage, trustProxy: boolean): boolean {
  const forwarded = req.headers['x-forwarded-proto'];
  return requestIsHttps((req.socket as TLSSocket).encrypted ? 'https:' : 'http:', Array.isArray(forwarded) ? forwarded[0] : forwarded, trustProxy);
}
