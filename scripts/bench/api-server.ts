/** The real service for the benchmark: the whole h3 app on PostgreSQL, quiet, no jobs, no site. */
import { loadConfig } from '../../api/config.ts';
import { seedAccounts } from '../../api/db/seed.ts';
import { createLogger } from '../../api/lib/logger.ts';
import { startServer } from '../../api/server.ts';
import { root } from '../lib/run.ts';
import { BENCH_ACCOUNT } from './shared.ts';

const port = process.env.BENCH_PORT ?? '0';
const config = loadConfig({ ...process.env, NODE_ENV: 'test', PORT: port, LOG_LEVEL: 'error', TRUST_PROXY: 'true', PUBLIC_ORIGIN: `http://localhost:${port}` }, root);
const server = await startServer(config, createLogger({ level: 'error', json: true }), { jobs: false, site: false });
await seedAccounts(server.runtime.ctx, [BENCH_ACCOUNT]);
process.send?.({ ready: server.url });
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
