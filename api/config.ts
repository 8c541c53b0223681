import { createHash } from 'node:crypto';
import path from 'node:path';
import * as v from 'valibot';
import { pickDefined, readContentSource, type ContentSource } from '../src/content/source.ts';
import { DEMO_ADMIN } from './db/demo-accounts.ts';

const booleanFlag = v.pipe(
  v.picklist(['true', 'false', '1', '0', 'yes', 'no'], 'must be true or false'),
  v.transform((value) => value === 'true' || value === '1' || value === 'yes'),
);

const emailList = v.pipe(
  v.string(),
  v.transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  ),
  v.check((emails) => emails.every((email) => /^[^\s@]+@[^\s@]+$/.test(email)), 'must be comma-separated email addresses'),
);

const envSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test'], 'must be development, production or test'), 'development'),
  PORT: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a port number'), v.transform(Number), v.minValue(0), v.maxValue(65535)),
    '4321',
  ),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1))),
  PUBLIC_ORIGIN: v.optional(
    v.pipe(
      v.string(),
      v.url('must be a URL such as https://www.example.jp'),
      v.transform((value) => new URL(value).origin),
    ),
  ),
  TRUST_PROXY: v.optional(booleanFlag, 'false'),
  TRUST_PROXY_HOPS: v.optional(v.pipe(v.string(), v.regex(/^[1-9]\d?$/, 'must be the number of proxies in front of the server (1 to 99)'), v.transform(Number)), '1'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'))),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), '.data'),
  LOG_LEVEL: v.optional(v.picklist(['debug', 'info', 'warn', 'error', 'silent'], 'must be debug, info, warn, error or silent'), 'info'),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL'))),
  DKIM_DOMAIN: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain such as musio-english.jp'))),
  DKIM_SELECTOR: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9._-]+$/i, 'must be a DKIM selector such as mail2026'))),
  DKIM_PRIVATE_KEY: v.optional(v.pipe(v.string(), v.includes('PRIVATE KEY', 'must be a PEM private key (newlines may be written as \\n)'))),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.regex(/^[^\s@<>]+@[^\s@<>]+$/, 'must be an email address such as no-reply@example.jp'))),
  STRIPE_SECRET_KEY: v.optional(v.pipe(v.string(), v.regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)'))),
  STRIPE_PUBLISHABLE_KEY: v.optional(v.pipe(v.string(), v.regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_…)'))),
  STRIPE_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)'))),
  LESSON_SCHOOL_URL: v.optional(v.pipe(v.string(), v.url('must be the lesson school API base URL'))),
  LESSON_SCHOOL_API_KEY: v.optional(v.pipe(v.string(), v.minLength(8, 'must be the lesson school API key'))),
  ADMIN_EMAILS: v.optional(emailList, ''),
  BILLING_ATTEMPT_LEASE_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number of seconds'), v.transform(Number), v.minValue(1)), '60'),
  JOBS_SUPERVISE_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number of seconds'), v.transform(Number), v.minValue(1)), '30'),
  PAYMENT_RATE_PER_SECOND: v.optional(v.pipe(v.string(), v.regex(/^\d+(\.\d+)?$/, 'must be a number of requests a second (0: no limit)'), v.transform(Number))),
  LOCAL_GATEWAY_RATE_PER_SECOND: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number of requests a second (0: no limit)'), v.transform(Number)), '0'),
  LOCAL_GATEWAY_LATENCY_MS: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number of milliseconds'), v.transform(Number)), '0'),
  LOCAL_GATEWAY_429_SHARE: v.optional(v.pipe(v.string(), v.regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a share between 0 and 1, such as 0.02'), v.transform(Number)), '0'),
  STAFF_EMAILS: v.optional(emailList, ''),
  ADMIN_REQUIRE_2FA: v.optional(booleanFlag),
  TOTP_ENCRYPTION_KEY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/, 'must be 32 random bytes as 64 hex digits or base64 (openssl rand -hex 32)'),
      v.transform((value) => new Uint8Array(Buffer.from(value, value.length === 64 ? 'hex' : 'base64'))),
    ),
  ),
  MAIL_RATE_PER_MINUTE: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number of mails per minute'), v.transform(Number), v.minValue(1)), '600'),
  S3_BUCKET: v.optional(v.pipe(v.string(), v.minLength(3))),
  S3_REGION: v.optional(v.pipe(v.string(), v.minLength(1)), 'ap-northeast-1'),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  INBOUND_IMAP_URL: v.optional(v.pipe(v.string(), v.regex(/^imaps?:\/\/[^\s@]+@[^\s/]+(\/\S*)?$/, 'must be an imap:// or imaps:// URL with user and password, such as imaps://support%40example.jp:secret@imap.example.jp/INBOX'))),
  INBOUND_ADDRESS: v.optional(v.pipe(v.string(), v.regex(/^[^\s@<>+]+@[^\s@<>]+$/, 'must be the mailbox address replies go to (no +), such as support@example.jp'))),
  S3_PREFIX: v.optional(v.pipe(v.string(), v.regex(/^([a-z0-9-]+\/)*$/, 'must be empty or end with a slash, such as uploads/')), ''),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  /** The origin pages and API are served from; CSRF checks and links in mail use it. */
  publicOrigin: string;
  /** Behind a TLS-terminating proxy: trust X-Forwarded-Proto/-For. */
  trustProxy: boolean;
  /** How many trusted proxies append to X-Forwarded-For: the client is that many entries from the right. */
  trustProxyHops: number;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  dataDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  content: ContentSource;
  /** Mail goes out over SMTP when set; otherwise it stays in the outbox (development mailbox). */
  smtpUrl: string | undefined;
  /** The From address; the site settings' support address when unset. */
  mailFrom: string | undefined;
  /** DKIM signing of every mail sent over SMTP, when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are set. */
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  /** Stripe when its keys are set; otherwise the local gateway (refused in production). */
  payments: { kind: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string } | { kind: 'local'; webhookSecret: string; simulate: LocalGatewaySimulation };
  /** Product decision 29: the clock asks the gateway at most this often, across all processes (null: no limit). */
  paymentRatePerSecond: number | null;
  /** The partner lesson school's API; otherwise the local simulator (refused in production). */
  lessonSchool: { kind: 'http'; url: string; apiKey: string } | { kind: 'simulator' };
  adminEmails: string[];
  staffEmails: string[];
  /** How long a charge attempt at the gateway may run before another worker repeats it (same key). */
  billingAttemptLeaseMs: number;
  /** How often pg-boss looks for jobs whose worker died (their heartbeat stopped). */
  jobsSuperviseSeconds: number;
  /** Product decision 24: the admin console (every admin API route) is closed to admins without a TOTP second factor. True by default in production (product decision 32). */
  adminRequire2fa: boolean;
  /** AES-256-GCM key the admins' TOTP keys are stored under (32 bytes). */
  totpEncryptionKey: Uint8Array;
  /** Mass mail is handed to the outbox at most this many mails per minute (MAIL_RATE_PER_MINUTE). */
  mailRatePerMinute: number;
  /** Attachments (product decision 20): S3 when S3_BUCKET is set, else a folder under DATA_DIR. */
  s3: { bucket: string; region: string; endpoint: string | undefined; prefix: string } | undefined;
  /**
   * Inbound mail (product decisions 31, 34): replies to support mail and bounces. `imapUrl` set:
   * the mailbox is polled over IMAP; otherwise mail arrives only through the development mailbox.
   * `address`: the mailbox replies go to (support+<token>@…); the site's support address when unset.
   */
  inbound: { imapUrl: string | undefined; address: string | undefined };
  /** Absolute path of the built static site. */
  distDir: string;
}

/** The local gateway playing a busy Stripe (tests, benchmarks): its own limit, latency and random 429s. */
export interface LocalGatewaySimulation {
  /** Requests a second it accepts across all processes (a token bucket); null: any number. */
  ratePerSecond: number | null;
  latencyMs: number;
  /** The share of requests answered 429 at random, whatever the pace. */
  rateLimitedShare: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment once; the error names the variable that is missing or wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env, root = process.cwd()): AppConfig {
  const parsed = v.safeParse(envSchema, pickDefined(env, Object.keys(envSchema.entries)));
  if (!parsed.success) {
    const lines = parsed.issues.map((issue) => `  ${v.getDotPath(issue) ?? '(environment)'}: ${issue.message}`);
    throw new ConfigError(`Configuration is invalid:\n${lines.join('\n')}`);
  }
  const e = parsed.output;
  let content: ContentSource;
  try {
    content = readContentSource(env);
  } catch (error) {
    throw new ConfigError(`Configuration is invalid:\n  ${(error as Error).message.replace(/^Invalid /, '')}`);
  }
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && !e.DATABASE_URL) {
    throw new ConfigError('Configuration is invalid:\n  DATABASE_URL: required in production (the embedded PGlite database is for development)');
  }
  if (isProduction && !e.PUBLIC_ORIGIN) {
    throw new ConfigError('Configuration is invalid:\n  PUBLIC_ORIGIN: required in production (the https origin the site is served from)');
  }
  const stripeKeys = [e.STRIPE_SECRET_KEY, e.STRIPE_PUBLISHABLE_KEY, e.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean)) {
    throw new ConfigError('Configuration is invalid:\n  STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: set all three, or none for the local gateway');
  }
  if (isProduction && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError('Configuration is invalid:\n  STRIPE_SECRET_KEY: required in production (the local payment gateway only runs in development and tests)');
  }
  const dkimKeys = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY];
  if (dkimKeys.some(Boolean) && !dkimKeys.every(Boolean)) {
    throw new ConfigError('Configuration is invalid:\n  DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY: set all three, or none to send unsigned (the relay may sign)');
  }
  if (Boolean(e.LESSON_SCHOOL_URL) !== Boolean(e.LESSON_SCHOOL_API_KEY)) {
    throw new ConfigError('Configuration is invalid:\n  LESSON_SCHOOL_URL, LESSON_SCHOOL_API_KEY: set both, or neither for the local simulator');
  }
  if (isProduction && !e.LESSON_SCHOOL_URL) {
    throw new ConfigError('Configuration is invalid:\n  LESSON_SCHOOL_URL: required in production (the lesson-school simulator only runs in development and tests)');
  }
  if (isProduction && !e.TOTP_ENCRYPTION_KEY) {
    throw new ConfigError('Configuration is invalid:\n  TOTP_ENCRYPTION_KEY: required in production (32 random bytes, for example from `openssl rand -hex 32`)');
  }
  const dataDir = path.resolve(root, e.DATA_DIR);
  const host = e.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host,
    publicOrigin: e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`,
    trustProxy: e.TRUST_PROXY,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    database: e.DATABASE_URL ? { kind: 'postgres', url: e.DATABASE_URL } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') },
    dataDir,
    logLevel: e.LOG_LEVEL,
    content,
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { kind: 'stripe', secretKey: e.STRIPE_SECRET_KEY, publishableKey: e.STRIPE_PUBLISHABLE_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : // The local gateway signs its events with a fixed, public secret: it never runs in production.
          {
            kind: 'local',
            webhookSecret: 'whsec_local_development_only',
            simulate: { ratePerSecond: e.LOCAL_GATEWAY_RATE_PER_SECOND || null, latencyMs: e.LOCAL_GATEWAY_LATENCY_MS, rateLimitedShare: e.LOCAL_GATEWAY_429_SHARE },
          },
    // Stripe's sandbox allows 25 requests a second per endpoint: 20 leaves room for the member's own
    // requests. The local gateway has no limit unless told to play one.
    paymentRatePerSecond: (e.PAYMENT_RATE_PER_SECOND ?? (e.STRIPE_SECRET_KEY ? 20 : 0)) || null,
    lessonSchool: e.LESSON_SCHOOL_URL && e.LESSON_SCHOOL_API_KEY ? { kind: 'http', url: e.LESSON_SCHOOL_URL.replace(/\/$/, ''), apiKey: e.LESSON_SCHOOL_API_KEY } : { kind: 'simulator' },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    dkim: e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY ? { domainName: e.DKIM_DOMAIN, keySelector: e.DKIM_SELECTOR, privateKey: e.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') } : undefined,
    // Outside production the demo admin is an admin unless ADMIN_EMAILS says otherwise.
    adminEmails: e.ADMIN_EMAILS.length || isProduction ? e.ADMIN_EMAILS : [DEMO_ADMIN.email],
    staffEmails: e.STAFF_EMAILS,
    billingAttemptLeaseMs: e.BILLING_ATTEMPT_LEASE_SECONDS * 1000,
    jobsSuperviseSeconds: e.JOBS_SUPERVISE_SECONDS,
    adminRequire2fa: e.ADMIN_REQUIRE_2FA ?? isProduction,
    // Outside production a fixed, public key derived from a name: development data only.
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY ?? new Uint8Array(createHash('sha256').update('musio-english development TOTP key').digest()),
    mailRatePerMinute: e.MAIL_RATE_PER_MINUTE,
    s3: e.S3_BUCKET ? { bucket: e.S3_BUCKET, region: e.S3_REGION, endpoint: e.S3_ENDPOINT, prefix: e.S3_PREFIX } : undefined,
    inbound: { imapUrl: e.INBOUND_IMAP_URL, address: e.INBOUND_ADDRESS?.toLowerCase() },
    distDir: path.resolve(root, 'dist'),
  };
}
