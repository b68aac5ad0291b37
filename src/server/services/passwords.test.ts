import { describe, expect, it } from 'vitest';
import { currentParams, hashPassword, needsRehash, PRODUCTION_PARAMS, verifyPassword } from './passwords';
import { isCommonPassword } from './common-passwords';

describe('password hashing', () => {
  it('uses scrypt at OWASP minimum (N=2^17, r=8, p=1) outside tests, and verifies with it', async () => {
    const stored = await hashPassword('a long production passphrase', PRODUCTION_PARAMS);
    expect(stored.startsWith('scrypt$131072$8$1$')).toBe(true);
    expect(await verifyPassword('a long production passphrase', stored)).toBe(true);
    expect(await verifyPassword('another passphrase', stored)).toBe(false);
  }, 30_000);

  it('marks hashes with older parameters for an upgrade', async () => {
    expect(needsRehash(`scrypt$${currentParams().N / 2}$8$1$c2FsdA==$aGFzaA==`)).toBe(true);
    expect(needsRehash(await hashPassword('whatever passphrase'))).toBe(false);
  });
});

describe('common passwords', () => {
  it('knows the most common ones, in any case, and not a passphrase', async () => {
    expect(await isCommonPassword('password')).toBe(true);
    expect(await isCommonPassword('PassWord1')).toBe(true);
    expect(await isCommonPassword('password1')).toBe(true);
    expect(await isCommonPassword('qwertyuiop')).toBe(true);
    expect(await isCommonPassword('correct horse battery staple 2026')).toBe(false);
  });
});
