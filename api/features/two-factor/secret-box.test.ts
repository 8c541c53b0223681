import { describe, expect, it } from 'vitest';
import { decryptTotpSecret, encryptTotpSecret, isPlaintextTotpSecret } from './secret-box.ts';
import { newTotpSecret } from './totp.ts';

const key = new Uint8Array(32).fill(1);
const otherKey = new Uint8Array(32).fill(2);
const account = '0a1b2c3d-0000-4000-8000-000000000001';

describe('TOTP keys at rest (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time, and never shows the key', () => {
    const secret = newTotpSecret();
    const first = encryptTotpSecret(key, account, secret);
    const second = encryptTotpSecret(key, account, secret);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(secret);
    expect(isPlaintextTotpSecret(first)).toBe(false);
    expect(decryptTotpSecret(key, account, first)).toBe(secret);
  });

  it.each([
    ['another key', otherKey, account],
    ['another account (copied row)', key, '0a1b2c3d-0000-4000-8000-000000000002'],
  ])('refuses to decrypt under %s', (_case, withKey, forAccount) => {
    const stored = encryptTotpSecret(key, account, newTotpSecret());
    expect(() => decryptTotpSecret(withKey, forAccount, stored)).toThrow();
  });

  it('refuses a tampered value and an unknown format', () => {
    const stored = encryptTotpSecret(key, account, newTotpSecret());
    const parts = stored.split('.');
    const flipped = [parts[0], parts[1], parts[2]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')), parts[3]].join('.');
    expect(() => decryptTotpSecret(key, account, flipped)).toThrow();
    expect(() => decryptTotpSecret(key, account, 'v2.a.b.c')).toThrow();
  });

  it('recognises a key stored before encryption (plain base32) and passes it through', () => {
    const secret = newTotpSecret();
    expect(isPlaintextTotpSecret(secret)).toBe(true);
    expect(decryptTotpSecret(key, account, secret)).toBe(secret);
  });
});
