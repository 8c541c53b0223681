import { afterAll, beforeAll, inject } from 'vitest';
import { loadConfig, type AppConfig } from '../../api/config.ts';
import type { AppContext } from '../../api/context.ts';
import { createLogger, type Logger } from '../../api/lib/logger.ts';
import { createRuntime, type Runtime } from '../../api/runtime.ts';
import { createTestDatabase, type TestDatabase } from '../setup/test-database.ts';

export const TEST_ORIGIN = 'http://localhost:4321';

export interface TestApp {
  readonly ctx: AppContext;
  readonly runtime: Runtime;
  readonly logLines: string[];
  /** Sends a request through the whole app in process (security headers and compression included). */
  request(path: string, init?: RequestInit): Promise<Response>;
}

interface Options {
  env?: Record<string, string>;
  jobs?: boolean;
  site?: boolean;
  configure?: (config: AppConfig) => AppConfig;
}

/** A fresh database and app for this test file; torn down after the file's last test. */
export function useTestApp(options: Options = {}): TestApp {
  let database: TestDatabase | undefined;
  let runtime: Runtime | undefined;
  const logLines: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(inject('testDatabase'));
    let config = loadConfig({ NODE_ENV: 'test', PUBLIC_ORIGIN: TEST_ORIGIN, LOG_LEVEL: 'debug', TRUST_PROXY: 'true', ...options.env });
    if (options.configure) config = options.configure(config);
    const logger: Logger = createLogger({ level: 'debug', json: true, write: (line) => logLines.push(line) });
    runtime = await createRuntime(config, logger, { database, jobs: options.jobs ?? false, site: options.site ?? false });
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
  });
  const current = () => {
    if (!runtime) throw new Error('useTestApp: the app is not ready (use it inside a test)');
    return runtime;
  };
  return {
    get ctx() {
      return current().ctx;
    },
    get runtime() {
      return current();
    },
    logLines,
    request: (path, init) => current().fetch(new Request(new URL(path, TEST_ORIGIN), init)),
  };
}
