/**
 * `npm run dev`: the API (with jobs and demo data) on PORT+1, and the Astro dev server on PORT
 * forwarding /api to it, so pages reload as you edit them. `npm start` is the production-like run.
 */
import { loadConfig } from '../api/config.ts';
import { createServerLogger, startServer } from '../api/server.ts';
import { root, runBin } from './lib/run.ts';

const port = Number(process.env.PORT ?? 4321);
const config = loadConfig({ ...process.env, PORT: String(port + 1), PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}` }, root);
const api = await startServer(config, createServerLogger(config), { site: false, seed: !config.isProduction, progress: (m) => console.log(`› ${m}`) });
console.log(`› API on ${api.url}; pages on http://localhost:${port}`);
const code = await runBin('astro/bin/astro.mjs', ['dev', '--port', String(port)], { ASTRO_TELEMETRY_DISABLED: '1' });
await api.close();
process.exit(code);
