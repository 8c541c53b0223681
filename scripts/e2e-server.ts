/**
 * The server the browser tests run against: the real build and API on a fresh database
 * (a new PGlite folder, or a new PostgreSQL database when DATABASE_URL is set), with demo data.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../api/config.ts';
import { createPostgresClient } from '../api/db/client.ts';
import { createLogger } from '../api/lib/logger.ts';
import { seedAccounts } from '../api/db/seed.ts';
import { startServer } from '../api/server.ts';
import { DEMO_ADMIN } from '../api/db/demo-accounts.ts';
import { allE2eAdminEmails, allE2eMemberEmails, E2E_EVENT_MAIL_MEMBERS, E2E_PASSWORD } from '../tests/e2e/support/accounts.ts';
import { sessionChannelPath } from '../tests/e2e/support/session-channel.ts';
import { withDatabase } from '../tests/setup/test-database.ts';
import { serveSessionChannel } from './lib/e2e-session-channel.ts';
import { root } from './lib/run.ts';

const dataDir = await mkdtemp(path.join(tmpdir(), 'musio-e2e-'));
const adminUrl = process.env.DATABASE_URL;
const databaseName = `musio_e2e_${randomBytes(4).toString('hex')}`;
if (adminUrl) {
  const admin = createPostgresClient(adminUrl, 1);
  await admin.unsafe(`create database "${databaseName}"`);
  await admin.end();
}

const port = process.env.E2E_PORT ?? '4391';
const config = loadConfig(
  {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    PUBLIC_ORIGIN: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: adminUrl ? withDatabase(adminUrl, databaseName) : undefined,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Each browser test sends its own X-Forwarded-For (tests/e2e/support/fixtures.ts).
    TRUST_PROXY: 'true',
    ADMIN_EMAILS: [DEMO_ADMIN.email, ...allE2eAdminEmails()].join(','),
  },
  root,
);
const server = await startServer(config, createLogger({ level: config.logLevel, json: false }), { seed: true });
const signedUp = { romanizedLastName: 'Shiken', romanizedFirstName: 'Taro' };
await seedAccounts(server.runtime.ctx, [
  ...allE2eMemberEmails().map((email) => ({ email, password: E2E_PASSWORD, firstName: '太郎', lastName: '試験', birthday: '199001', signedUp })),
  { email: E2E_EVENT_MAIL_MEMBERS.consenting, password: E2E_PASSWORD, firstName: '受信', lastName: '希望', birthday: '199002', signedUp, eventMail: true },
  { email: E2E_EVENT_MAIL_MEMBERS.declining, password: E2E_PASSWORD, firstName: '受信', lastName: '拒否', birthday: '199003', signedUp },
  ...allE2eAdminEmails().map((email) => ({ email, password: E2E_PASSWORD, firstName: '管理', lastName: '試験', birthday: '198001' })),
]);
// The browser tests' sign-in fixture makes its sessions here (tests/e2e/support/fixtures.ts).
const sessionChannel = await serveSessionChannel(server.runtime.ctx, sessionChannelPath(port));
console.log(`e2e server ready at ${server.url} (${config.database.kind})`);

async function shutdown() {
  await new Promise((resolve) => sessionChannel.close(resolve));
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
  if (adminUrl) {
    const admin = createPostgresClient(adminUrl, 1);
    await admin.unsafe(`drop database if exists "${databaseName}" with (force)`);
    await admin.end();
  }
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
