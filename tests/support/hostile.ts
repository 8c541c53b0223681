import { inject } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/test-database.ts';
import { startServerProcess, type ServerProcess } from './processes.ts';

export { sendHostile, type HostileRequest } from './hostile-client.ts';

/** The server process the hostile tests attack, on a fresh copy of the test database. */
export interface HostileTarget {
  server: ServerProcess;
  /** How the process ended, once it has (null while it runs). */
  exit(): { code: number | null; signal: NodeJS.Signals | null } | null;
  /** The event-loop delay inside the server since the last reset (perf_hooks.monitorEventLoopDelay). */
  eventLoopDelay(reset?: boolean): Promise<{ maxMs: number; p99Ms: number; meanMs: number; cpuMs: number }>;
  stop(): Promise<void>;
}

/** A server process of its own on a fresh copy of the test database (PostgreSQL or PGlite). */
export async function startHostileTarget(env: Record<string, string> = {}): Promise<HostileTarget> {
  const source = inject('testDatabase');
  let database: TestDatabase | undefined;
  let databaseEnv: Record<string, string>;
  if (source.kind === 'postgres') {
    database = await createTestDatabase(source);
    databaseEnv = { DATABASE_URL: database.url! };
  } else {
    databaseEnv = { PGLITE_SNAPSHOT: source.snapshot };
  }
  const server = await startServerProcess({ ...databaseEnv, SERVER_PROCESS_JOBS: 'false', ...env });
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  server.child.once('exit', (code, signal) => (exited = { code, signal }));
  return {
    server,
    exit: () => exited,
    eventLoopDelay: (reset = false) =>
      new Promise((resolve) => {
        const onMessage = (message: { eventLoopDelay?: { maxMs: number; p99Ms: number; meanMs: number; cpuMs: number } }) => {
          if (!message.eventLoopDelay) return;
          server.child.off('message', onMessage);
          resolve(message.eventLoopDelay);
        };
        server.child.on('message', onMessage);
        server.child.send({ eventLoop: reset ? 'reset' : 'read' });
      }),
    stop: async () => {
      if (!exited) await server.stop();
      await database?.drop();
    },
  };
}
