/** `npm run db:seed`: creates the demo accounts on the configured database (refused in production). */
import { loadConfig } from '../api/config.ts';
import { createServerLogger } from '../api/server.ts';
import { createRuntime } from '../api/runtime.ts';
import { root } from './lib/run.ts';

const config = loadConfig(process.env, root);
const runtime = await createRuntime(config, createServerLogger(config), { migrate: true, seed: true, progress: (m) => console.log(`› ${m}`) });
await runtime.close();
