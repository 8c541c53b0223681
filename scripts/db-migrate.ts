/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
import { loadConfig } from '../api/config.ts';
import { openDatabase } from '../api/db/client.ts';
import { redactUrl } from '../api/runtime.ts';
import { root } from './lib/run.ts';

const config = loadConfig(process.env, root);
const database = await openDatabase(config.database);
const where = config.database.kind === 'postgres' ? redactUrl(config.database.url) : config.database.dataDir;
const count = await database.migrate();
console.log(`› ${where}: ${count} migrations applied`);
await database.close();
