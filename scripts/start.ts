/**
 * `npm start`: builds the site if its inputs changed, applies migrations, seeds demo data
 * (never in production) and serves everything from one Node process.
 */
import { ConfigError, loadConfig } from '../api/config.ts';
import { DEMO_ADMIN, DEMO_MEMBER } from '../api/db/demo-accounts.ts';
import { createServerLogger, startServer, stopOnSignals } from '../api/server.ts';
import { ensureBuild } from './lib/build.ts';
import { root } from './lib/run.ts';

const step = (message: string) => console.log(`› ${message}`);

async function main() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 22) {
    console.error(`Node ${process.version} is too old: run through npm (npm start), which uses the Node 22 in node_modules.`);
    process.exit(1);
  }
  const config = loadConfig(process.env, root);
  const logger = createServerLogger(config);

  await ensureBuild(step);

  const server = await startServer(config, logger, { progress: step, seed: !config.isProduction });
  console.log(`\n  Musio English is running at ${server.url}\n  Health: ${server.url}/api/health`);
  if (!config.isProduction) {
    console.log(`  Demo admin:  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    console.log(`  Demo member: ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password}`);
    if (config.smtpUrl === undefined) console.log(`  Mailbox:     ${server.url}/dev/mailbox`);
  }
  console.log('');

  stopOnSignals(server, step);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port ${process.env.PORT ?? 4321} is already in use: stop the other server, or start on another port with PORT=4400 npm start`);
  } else {
    console.error('Could not start:', error);
  }
  process.exit(1);
});
