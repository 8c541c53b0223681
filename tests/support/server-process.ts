/**
 * One more server process for the tests that need several (the billing clock across processes, a
 * server killed mid-run): the whole service with its job workers on the DATABASE_URL it is given,
 * no site. Tells its parent its URL once it listens.
 */
import { loadConfig } from '../../api/config.ts';
import { createLogger } from '../../api/lib/logger.ts';
import { startServer } from '../../api/server.ts';
import { root } from '../../scripts/lib/run.ts';

const config = loadConfig(
  { ...process.env, NODE_ENV: 'test', PORT: '0', PUBLIC_ORIGIN: 'http://localhost:4321', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', TRUST_PROXY: 'true' },
  root,
);
const server = await startServer(config, createLogger({ level: config.logLevel, json: true }), { migrate: false, jobs: true, site: false });
process.send?.({ ready: server.url });
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
