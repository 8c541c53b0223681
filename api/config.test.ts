import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
const production = {
  ...stripe,
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u@db/app',
  PUBLIC_ORIGIN: 'https://www.example.jp',
  LESSON_SCHOOL_URL: 'https://school.example.jp',
  LESSON_SCHOOL_API_KEY: 'key-12345678',
  TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
};

describe('loadConfig', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({
      env: 'development',
      port: 4321,
      host: '127.0.0.1',
      publicOrigin: 'http://localhost:4321',
      database: { kind: 'pglite', dataDir: '/srv/app/.data/pglite' },
      content: { kind: 'seed', dataset: 'production' },
    });
  });

  it('uses PostgreSQL and Sanity when they are configured', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db/app', SANITY_PROJECT_ID: 'abc123', PORT: '8080' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db/app' });
    expect(config.content).toMatchObject({ kind: 'sanity', projectId: 'abc123', dataset: 'production' });
    expect(config.publicOrigin).toBe('http://localhost:8080');
  });

  it('uses Stripe and the lesson school when configured, the local stand-ins otherwise', () => {
    expect(loadConfig({}).payments.kind).toBe('local');
    expect(loadConfig({}).lessonSchool).toEqual({ kind: 'simulator' });
    const config = loadConfig({ ...stripe, LESSON_SCHOOL_URL: 'https://school.example.jp/', LESSON_SCHOOL_API_KEY: 'key-12345678' });
    expect(config.payments).toEqual({ kind: 'stripe', secretKey: 'sk_test_abc', publishableKey: 'pk_test_abc', webhookSecret: 'whsec_abc' });
    expect(config.lessonSchool).toEqual({ kind: 'http', url: 'https://school.example.jp', apiKey: 'key-12345678' });
  });

  it('starts in production with every real service configured', () => {
    const config = loadConfig({
      ...stripe,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@db/app',
      PUBLIC_ORIGIN: 'https://www.example.jp',
      LESSON_SCHOOL_URL: 'https://school.example.jp',
      LESSON_SCHOOL_API_KEY: 'key-12345678',
      TOTP_ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(config.isProduction).toBe(true);
    expect(config.totpEncryptionKey).toEqual(new Uint8Array(32).fill(0xab));
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' }).database.kind).toBe('pglite');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ PUBLIC_ORIGIN: 'not a url' }, 'PUBLIC_ORIGIN'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ ADMIN_EMAILS: 'admin@example.jp, nope' }, 'ADMIN_EMAILS'],
    [{ SANITY_PROJECT_ID: 'Not Valid!' }, 'SANITY_PROJECT_ID'],
    [{ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://www.example.jp' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db/app' }, 'PUBLIC_ORIGIN'],
    [{ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db/app', PUBLIC_ORIGIN: 'https://www.example.jp' }, 'STRIPE_SECRET_KEY'],
    [{ ...stripe, NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db/app', PUBLIC_ORIGIN: 'https://www.example.jp' }, 'LESSON_SCHOOL_URL'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, 'STRIPE_SECRET_KEY'],
    [{ LESSON_SCHOOL_URL: 'https://school.example.jp' }, 'LESSON_SCHOOL_API_KEY'],
    [{ ADMIN_REQUIRE_2FA: 'maybe' }, 'ADMIN_REQUIRE_2FA'],
    [{ TOTP_ENCRYPTION_KEY: 'short' }, 'TOTP_ENCRYPTION_KEY'],
    [{ ...production, TOTP_ENCRYPTION_KEY: '' }, 'TOTP_ENCRYPTION_KEY'],
    [{ INBOUND_IMAP_URL: 'https://imap.example.jp' }, 'INBOUND_IMAP_URL'],
    [{ INBOUND_IMAP_URL: 'imaps://imap.example.jp' }, 'INBOUND_IMAP_URL'],
    [{ INBOUND_ADDRESS: 'support+x@example.jp' }, 'INBOUND_ADDRESS'],
  ])('names the wrong variable: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('reads the inbound mailbox (issue 24)', () => {
    expect(loadConfig({}).inbound).toEqual({ imapUrl: undefined, address: undefined });
    expect(loadConfig({ INBOUND_IMAP_URL: 'imaps://support%40example.jp:secret@imap.example.jp:993/INBOX', INBOUND_ADDRESS: 'Support@Example.jp' }).inbound).toEqual({
      imapUrl: 'imaps://support%40example.jp:secret@imap.example.jp:993/INBOX',
      address: 'support@example.jp',
    });
  });

  it('reads admin and staff emails case-insensitively', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' Admin@Example.jp ,b@example.jp', STAFF_EMAILS: 'Staff@example.jp' });
    expect(config.adminEmails).toEqual(['admin@example.jp', 'b@example.jp']);
    expect(config.staffEmails).toEqual(['staff@example.jp']);
  });

  it('leaves the admins\' second factor optional unless ADMIN_REQUIRE_2FA is true (product decision 24)', () => {
    expect(loadConfig({}).adminRequire2fa).toBe(false);
    expect(loadConfig({ ADMIN_REQUIRE_2FA: 'true' }).adminRequire2fa).toBe(true);
    expect(loadConfig({ ADMIN_REQUIRE_2FA: '' }).adminRequire2fa).toBe(false);
  });

  it('requires the second factor in production unless ADMIN_REQUIRE_2FA says otherwise (product decision 32)', () => {
    expect(loadConfig(production).adminRequire2fa).toBe(true);
    expect(loadConfig({ ...production, ADMIN_REQUIRE_2FA: 'false' }).adminRequire2fa).toBe(false);
  });

  it('derives a development TOTP key outside production; a configured one is used as given', () => {
    expect(loadConfig({}).totpEncryptionKey).toHaveLength(32);
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ TOTP_ENCRYPTION_KEY: base64 }).totpEncryptionKey).toEqual(new Uint8Array(32).fill(7));
  });
});
