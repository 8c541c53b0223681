import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The admins' TOTP keys at rest: AES-256-GCM under TOTP_ENCRYPTION_KEY, the account id as
 * associated data (a stored key copied onto another account does not decrypt). Stored as
 * `v1.<iv>.<ciphertext>.<tag>` in base64url. A key written before encryption (plain base32) is
 * recognised, so it can be encrypted the first time it is read.
 */
const PREFIX = 'v1';

export function encryptTotpSecret(key: Uint8Array, accountId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(accountId));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [PREFIX, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** A key stored before encryption at rest: the base32 text itself. */
export function isPlaintextTotpSecret(stored: string): boolean {
  return /^[A-Z2-7]+=*$/.test(stored);
}

/** The base32 key; throws when the stored value was not encrypted with this key for this account. */
export function decryptTotpSecret(key: Uint8Array, accountId: string, stored: string): string {
  if (isPlaintextTotpSecret(stored)) return stored;
  const [prefix, iv, ciphertext, tag, ...rest] = stored.split('.');
  if (prefix !== PREFIX || !iv || !ciphertext || !tag || rest.length > 0) throw new Error('unrecognised TOTP key format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(accountId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
