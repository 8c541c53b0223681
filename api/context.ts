import type { LessonSchool } from './adapters/lesson-school/index.ts';
import type { InboundMail } from './adapters/inbound-mail/index.ts';
import type { FileStorage } from './adapters/storage/index.ts';
import type { MailTransport } from './adapters/mail/transport.ts';
import type { PaymentGateway } from './adapters/payments/index.ts';
import type { AppConfig } from './config.ts';
import type { Clock } from './lib/clock.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { Logger } from './lib/logger.ts';
import type { SiteSettingsSource } from './features/mail/site-settings.ts';
import type { StaticSite } from './static-site.ts';

/** Everything a feature needs, built once at start and passed down (no module-level singletons). */
export interface AppContext {
  config: AppConfig;
  /** What time it is: real time in production; can be moved forward in development and tests. */
  clock: Clock;
  database: DatabaseHandle;
  logger: Logger;
  jobs: JobQueue | undefined;
  mail: MailTransport;
  payments: PaymentGateway;
  lessonSchool: LessonSchool;
  /** Attachments (product decision 20). */
  storage: FileStorage;
  /** Received mail (IMAP, or the development mailbox's replies), dispatched by kind to feature handlers. */
  inbound: InboundMail;
  /** Sanity's site settings (every mail's sender, the documents' issuer, the support address), read at most every 5 minutes. */
  siteSettings: SiteSettingsSource;
  site: StaticSite | undefined;
}
