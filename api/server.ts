import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { toNodeHandler } from 'srvx/node';
import { bodyLimitFor } from './app.ts';
import type { AppConfig } from './config.ts';
import { AppError, describeError } from './lib/errors.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { carriesBody, discardRestThen, readNodeBody } from './lib/node-body.ts';
import { requestIsHttps } from './lib/request.ts';
import { SecuredResponse } from './lib/secured-response.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { keepRequestObjectsYoung } from './lib/v8-tuning.ts';
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
 * Starts one Node process serving the site and the API on config.port. The security headers go
 * out with every response's head (SecuredResponse; a response that sets its own, such as a page's
 * CSP, keeps them): cheaper than editing every finished Response.
 */
export async function startServer(config: AppConfig, logger: Logger, options: RuntimeOptions = {}): Promise<RunningServer> {
  keepRequestObjectsYoung();
  const runtime = await createRuntime(config, logger, { migrate: true, jobs: true, site: true, ...options });
  const handle = toNodeHandler((request) => runtime.app.fetch(request), { trustProxy: config.trustProxy });
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const finished = () => {
    inFlight -= 1;
    if (inFlight === 0) drained?.();
  };
  // A body is read (up to its path's limit) before the app runs; srvx types its handler for
  // HTTP/1 and HTTP/2 at once, and this server is HTTP/1.
  const serveWithBody = async (req: IncomingMessage, res: SecuredResponse) => {
    const limit = bodyLimitFor(req.url?.split('?')[0] ?? '');
    const read = await readNodeBody(req, limit.bytes);
    if (read.kind === 'gone') {
      res.destroy();
      return;
    }
    if (read.kind === 'tooLarge') {
      answerError(res, new AppError(limit.code), (end) => discardRestThen(req, end));
      return;
    }
    (req as IncomingMessage & { rawBody?: Buffer }).rawBody = read.body;
    await handle(req as never, res as never);
  };
  const onResponseError = (error: unknown) => logger.debug('response stream failed', { error });
  const server = createServer({ ServerResponse: SecuredResponse }, (req, res) => {
    res.on('error', onResponseError);
    res.securityHeaders = securityHeaders({ https: isHttpsNode(req, config.trustProxy), isApi: req.url?.startsWith('/api/') ?? false });
    if (!req.url?.startsWith('/')) {
      res.writeHead(400).end();
      return;
    }
    // Every path from a request ends here: a failure is logged and answered, never left to
    // reach the process as an uncaught exception or an unhandled rejection. Counted until the
    // handler has finished, even if the client went away meanwhile.
    inFlight += 1;
    let served: Promise<unknown>;
    try {
      served = carriesBody(req.method) ? serveWithBody(req, res) : Promise.resolve(handle(req as never, res as never));
    } catch (error) {
      served = Promise.reject(error);
    }
    served.then(finished, (error: unknown) => {
      logger.error('request failed outside the app', { method: req.method, path: req.url?.split('?')[0], error });
      try {
        if (res.headersSent) res.destroy();
        else answerError(res, error);
      } catch {
        res.destroy();
      }
      finished();
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
  // A graceful stop: no new connections or jobs, running requests and jobs may finish (up to
  // 10 s each, side by side), then the database closes. Nothing is cut off half-way on a deploy.
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const jobsStopped = runtime.stopJobs();
      if (inFlight > 0) {
        await Promise.race([new Promise<void>((resolve) => (drained = resolve)), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
      }
      server.closeAllConnections();
      await stopped;
      await jobsStopped;
      await runtime.close();
    })());
  return { url, runtime, server, close };
}

/**
 * SIGTERM (systemd, a container runtime) and SIGINT (Ctrl-C): the graceful stop above, then exit
 * 0. A stop that hangs past 30 s exits 1, so a supervisor is never left waiting.
 */
export function stopOnSignals(server: RunningServer, log: (message: string) => void): void {
  const stop = (signal: NodeJS.Signals) => {
    log(`${signal}: shutting down`);
    setTimeout(() => {
      log('shutdown took longer than 30 s: exiting');
      process.exit(1);
    }, 30_000).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log(`shutdown failed: ${String(error)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

function isHttpsNode(req: IncomingMessage, trustProxy: boolean): boolean {
  const forwarded = req.headers['x-forwarded-proto'];
  return requestIsHttps((req.socket as TLSSocket).encrypted ? 'https:' : 'http:', Array.isArray(forwarded) ? forwarded[0] : forwarded, trustProxy);
}

/**
 * The app's JSON error reply, written on the Node response (a body refused before the app ran).
 * The connection closes after it: the rest of an oversize body is never read.
 */
function answerError(res: ServerResponse, error: unknown, endLater?: (end: () => void) => void): void {
  const described = describeError(error);
  const body = JSON.stringify(described.body);
  res.writeHead(described.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    connection: 'close',
    ...described.headers,
  });
  if (!endLater) {
    res.end(body);
    return;
  }
  res.write(body);
  endLater(() => res.end());
}
