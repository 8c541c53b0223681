import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { dkimOptions } from './transport.ts';

/**
 * DKIM (product decision 34; RFC 8058 §4): a signed advertising mail verifies with mailauth against
 * the published key, and its signature covers List-Unsubscribe and List-Unsubscribe-Post.
 */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const key = { domainName: 'musio-english.example', keySelector: 'mail2026', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
const publicBase64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

async function signedMessage(dkim: ReturnType<typeof dkimOptions>): Promise<Buffer> {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, dkim });
  const info = await transporter.sendMail({
    from: 'Musio English <no-reply@musio-english.example>',
    to: 'hanako@example.jp',
    subject: '春のキャンペーン',
    text: '本文',
    headers: { 'List-Unsubscribe': '<https://musio-english.example/api/v2/unsubscribe?token=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  return info.message as Buffer;
}

const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === 'mail2026._domainkey.musio-english.example') return [[`v=DKIM1; k=rsa; p=${publicBase64}`]];
  throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
};

// mailauth reports the signed header names at run time (signingHeaders.keys) without typing them.
const signedHeaders = (result: object) => (result as { signingHeaders: { keys: string } }).signingHeaders.keys.toLowerCase().split(':').map((name) => name.trim());

describe('DKIM signing', () => {
  it('verifies, and signs both List-Unsubscribe headers', async () => {
    const message = await signedMessage(dkimOptions(key));
    const { results } = await dkimVerify(message, { resolver });
    expect(results).toHaveLength(1);
    expect(results[0]!.status.result).toBe('pass');
    expect(signedHeaders(results[0]!)).toEqual(expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']));
  });

  it("needs the list: nodemailer's default leaves List-Unsubscribe-Post unsigned", async () => {
    const { results } = await dkimVerify(await signedMessage({ ...dkimOptions(key), headerFieldNames: undefined as unknown as string }), { resolver });
    expect(signedHeaders(results[0]!)).toContain('list-unsubscribe');
    expect(signedHeaders(results[0]!)).not.toContain('list-unsubscribe-post');
  });

  it('fails verification when List-Unsubscribe-Post is changed on the way', async () => {
    const message = (await signedMessage(dkimOptions(key))).toString().replace('List-Unsubscribe=One-Click', 'List-Unsubscribe=Other');
    const { results } = await dkimVerify(Buffer.from(message), { resolver });
    expect(results[0]!.status.result).toBe('fail');
  });

  it('is configured by all three variables or none', () => {
    const base = { NODE_ENV: 'test' };
    expect(loadConfig(base).dkim).toBeUndefined();
    const pem = key.privateKey.replace(/\n/g, '\\n');
    expect(loadConfig({ ...base, DKIM_DOMAIN: 'musio-english.example', DKIM_SELECTOR: 'mail2026', DKIM_PRIVATE_KEY: pem }).dkim).toEqual(key);
    expect(() => loadConfig({ ...base, DKIM_DOMAIN: 'musio-english.example' })).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY/);
  });
});
