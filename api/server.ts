import { serve, type Server } from 'srvx';
import type { AppConfig } from './config.ts';
import { createLogger, type Logger } from './lib/logger.ts';
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

/** Starts one Node process serving the site and the API on config.port. */
export async function startServer(config: AppConfig, logger: Logger, options: RuntimeOptions = {}): Promise<RunningServer> {
  const runtime = await createRuntime(config, logger, { migrate: true, jobs: true, site: true, ...options });
  const server = serve({
    fetch: runtime.fetch,
    port: config.port,
    hostname: config.host,
    silent: true,
    trustProxy: config.trustProxy,
    maxRequestBodySize: 10 * 1024 * 1024,
    gracefulShutdown: false,
  });
  await server.ready();
  const address = server.node?.server?.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await server.close(true);
      await runtime.close();
    })());
  return { url, runtime, server, close };
}
