/**
 * One more server process for the tests that need several (the billing clock across processes, a
 * server killed mid-run) or a real socket (hostile bodies): the whole service with its job workers
 * on the DATABASE_URL it is given (or a copy of the PGlite test snapshot in PGLITE_SNAPSHOT), no
 * site. Tells its parent its URL once it listens, stops on SIGTERM/SIGINT as `npm start` does,
 * and answers `{ eventLoop: 'reset' | 'read' }` messages with its event-loop delay since the last
 * reset (test-only; 'reset' then starts afresh).
 */
import { readFile } from 'node:fs/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../../api/config.ts';
import { openDatabase } from '../../api/db/client.ts';
import { createLogger } from '../../api/lib/logger.ts';
import { startServer, stopOnSignals } from '../../api/server.ts';
import { root } from '../../scripts/lib/run.ts';

const config = loadConfig(
  { ...process.env, NODE_ENV: 'test', PORT: '0', PUBLIC_ORIGIN: 'http://localhost:4321', LOG_LEVEL: process.env.LOG_LEVEL ?? 'error', TRUST_PROXY: 'true' },
  root,
);
const snapshot = process.env.PGLITE_SNAPSHOT;
const database = snapshot
  ? await openDatabase({ kind: 'pglite', instance: await PGlite.create({ loadDataDir: new Blob([await readFile(snapshot)]) }) })
  : undefined;
const server = await startServer(config, createLogger({ level: config.logLevel, json: true }), {
  migrate: false,
  jobs: process.env.SERVER_PROCESS_JOBS !== 'false',
  site: false,
  ...(database ? { database } : {}),
});

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
// CPU time since the last reset: an upper bound on how long our own code can have held the loop,
// whatever other processes on the machine do with the CPU meanwhile.
let cpuFrom = process.cpuUsage();
process.on('message', (message: { eventLoop?: 'reset' | 'read' }) => {
  if (!message.eventLoop) return;
  // What was measured since the last reset; then, if asked, start measuring afresh.
  const cpu = process.cpuUsage(cpuFrom);
  process.send?.({ eventLoopDelay: { maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6, meanMs: delay.mean / 1e6, cpuMs: (cpu.user + cpu.system) / 1000 } });
  if (message.eventLoop === 'reset') {
    delay.reset();
    cpuFrom = process.cpuUsage();
  }
});

process.send?.({ ready: server.url });
stopOnSignals(server, (line) => process.stderr.write(`${line}\n`));
