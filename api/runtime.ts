import type { H3 } from 'h3';
import { createLessonSchool } from './adapters/lesson-school/index.ts';
import { createMailTransport } from './adapters/mail/transport.ts';
import { createInboundMail } from './adapters/inbound-mail/index.ts';
import { createFileStorage } from './adapters/storage/index.ts';
import { registerInboundHandlers, supportMailbox } from './features/support/inbound-replies.ts';
import { registerBounceHandler } from './features/suppressions/service.ts';
import { createPaymentGateway } from './adapters/payments/index.ts';
import { createApp } from './app.ts';
import { createContentLoader } from '../src/content/loader.ts';
import { createSiteSettingsSource } from './features/mail/site-settings.ts';
import type { AppConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type DatabaseHandle } from './db/client.ts';
import { seedDemoData, syncConfiguredRoles } from './db/seed.ts';
import { seedCatalogue } from './features/catalogue/seed.ts';
import { processPaymentEvent } from './features/payments/webhook.ts';
import { registerWorkers } from './jobs/workers.ts';
import { startJobQueue } from './jobs/queue.ts';
import { OffsetClock, systemClock } from './lib/clock.ts';
import type { Logger } from './lib/logger.ts';
import { requestIsHttps } from './lib/request.ts';
import { applySecurityHeaders, paymentSources } from './lib/security-headers.ts';
import { hasBuild, loadStaticSite } from './static-site.ts';

export interface RuntimeOptions {
  /** Apply pending migrations before serving (npm start does; tests use a migrated snapshot). */
  migrate?: boolean;
  /** Start pg-boss and its workers. */
  jobs?: boolean;
  /** Serve the Astro build from config.distDir. */
  site?: boolean;
  /** Create the demo accounts (refused in production). */
  seed?: boolean;
  /** Use this database instead of opening the configured one (tests). */
  database?: DatabaseHandle;
  /** Called with a short line for each step, so a first start is never silent. */
  progress?: (message: string) => void;
}

export interface Runtime {
  ctx: AppContext;
  app: H3;
  fetch: (request: Request) => Promise<Response>;
  /** Workers take no new jobs; the ones under way may finish (up to 10 s). Safe to call twice. */
  stopJobs(): Promise<void>;
  close(): Promise<void>;
}

/** Builds the service: database, migrations, jobs, static site and the h3 app, in that order. */
export async function createRuntime(config: AppConfig, logger: Logger, options: RuntimeOptions = {}): Promise<Runtime> {
  const progress = options.progress ?? ignoreProgress;
  let database = options.database;
  if (!database) {
    progress(
      config.database.kind === 'postgres'
        ? `Connecting to PostgreSQL at ${redactUrl(config.database.url)}`
        : `Opening the embedded database (PGlite) in ${config.database.dataDir}`,
    );
    database = await openDatabase(config.database);
  }
  if (options.migrate) {
    const count = await database.migrate();
    progress(`Database schema is up to date (${count} migrations applied)`);
  }
  const jobs = options.jobs ? await startJobQueue(database, logger, { schedule: config.env !== 'test', superviseIntervalSeconds: config.jobsSuperviseSeconds }) : undefined;
  if (jobs) progress('Background jobs are running (pg-boss)');
  let site;
  if (options.site) {
    if (await hasBuild(config.distDir)) {
      site = await loadStaticSite(config.distDir, paymentSources(config.payments.kind));
      progress(`Loaded the site: ${site.size} files`);
    } else {
      logger.warn('no site build found: pages answer 503 until `npm run build` has run', { distDir: config.distDir });
    }
  }
  // The catalogue is real data, seeded in every environment; existing rows are never overwritten.
  await seedCatalogue(database.db);
  const mail = createMailTransport(config.smtpUrl, config.dkim);
  // The local gateway delivers its events to our own webhook handling, as Stripe would over HTTP.
  const deliver = (rawBody: string, signature: string) =>
    processPaymentEvent(ctx, rawBody, signature).then(
      () => undefined,
      (error: unknown) => logger.error('local gateway: event delivery failed', { error }),
    );
  const payments = createPaymentGateway(config, database.db, deliver);
  const lessonSchool = createLessonSchool(config, database.db);
  const clock = config.isProduction ? systemClock : new OffsetClock();
  const storage = createFileStorage({ dataDir: config.dataDir, s3: config.s3 });
  const siteSettings = createSiteSettingsSource(createContentLoader({ source: config.content }));
  const inbound = createInboundMail({ logger, mailbox: () => supportMailbox({ config, siteSettings }), now: () => clock.now() });
  const ctx: AppContext = { config, clock, database, logger, jobs, site, mail, payments, lessonSchool, storage, inbound, siteSettings };
  // Features answer the kinds of inbound mail they own (the support desk: replies to tickets;
  // deliverability: bounce and complaint reports).
  registerInboundHandlers(ctx);
  registerBounceHandler(ctx);
  await syncConfiguredRoles(ctx);
  if (jobs) await registerWorkers(ctx);
  // After the workers: the demo member's order queues its confirmation mail, and pg-boss must
  // know the queue before a send inside a transaction (PGlite has a single connection).
  if (options.seed) {
    const created = await seedDemoData(ctx);
    if (created.length) progress(`Demo accounts ready: ${created.join(', ')} (see README)`);
  }
  progress(mail.kind === 'smtp' ? 'Mail goes out over SMTP' : 'Mail stays in the outbox: read it at /dev/mailbox');
  const app = createApp(ctx);
  let jobsStopping: Promise<void> | undefined;
  const stopJobs = () => (jobsStopping ??= jobs ? jobs.stop({ graceful: true, timeout: 10_000 }) : Promise.resolve());
  return {
    ctx,
    app,
    // In process (tests, tools) the security headers are added to the finished Response; the
    // real server adds the same list where it writes the head (api/lib/secured-response.ts).
    fetch: async (request) => {
      const response = await app.fetch(request);
      const url = new URL(request.url);
      applySecurityHeaders(response.headers, {
        https: requestIsHttps(url.protocol, request.headers.get('x-forwarded-proto'), config.trustProxy),
        isApi: url.pathname.startsWith('/api/'),
      });
      return response;
    },
    stopJobs,
    close: async () => {
      await stopJobs();
      if (mail.kind === 'smtp') mail.close();
      if (!options.database) await database.close();
    },
  };
}

/** Hides the password in a database URL for logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}

function ignoreProgress(): void {
  // Tests and library use need no progress lines.
}
