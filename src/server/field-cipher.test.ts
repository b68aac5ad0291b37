import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DecryptError, dataKey, open, seal } from './field-cipher';

const keyA = dataKey(randomBytes(32));
const keyB = dataKey(randomBytes(32));

describe('the sensitive-value envelope', () => {
  it('round-trips a value and never contains it in the clear', () => {
    const sealed = seal(keyA, 'GBR 123454321', 'driver_passport');
    expect(sealed).toMatch(/^enc:v1:[\w-]{8}:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain('123454321');
    expect(open([keyA], sealed, 'driver_passport')).toBe('GBR 123454321');
  });

  it('uses a fresh IV for every value, so equal values look different', () => {
    expect(seal(keyA, 'Asthma', 'medical_conditions')).not.toBe(seal(keyA, 'Asthma', 'medical_conditions'));
  });

  it('opens a value sealed under an older key when that key is still given', () => {
    const sealed = seal(keyB, 'Vegan', 'dietary_requirements');
    expect(open([keyA, keyB], sealed, 'dietary_requirements')).toBe('Vegan');
  });

  it('refuses the wrong key', () => {
    const sealed = seal(keyA, 'X1234567', 'driver_passport');
    expect(() => open([keyB], sealed, 'driver_passport')).toThrow(DecryptError);
    // Even a wrong key presented under the right id is refused by the authentication tag.
    expect(() => open([{ id: keyA.id, key: keyB.key }], sealed, 'driver_passport')).toThrow(DecryptError);
  });

  it('refuses a tampered ciphertext, IV or tag', () => {
    const sealed = seal(keyA, 'X1234567', 'driver_passport');
    const parts = sealed.split(':');
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes.writeUInt8(bytes.readUInt8(0) ^ 1, 0);
      return bytes.toString('base64');
    };
    for (const i of [3, 4, 5]) {
      const tampered = parts.map((p, j) => (j === i ? flip(p) : p)).join(':');
      expect(() => open([keyA], tampered, 'driver_passport')).toThrow(DecryptError);
    }
  });

  it('refuses a value moved to another column (the column name is associated data)', () => {
    const sealed = seal(keyA, 'X1234567', 'driver_passport');
    expect(() => open([keyA], sealed, 'co_driver_passport')).toThrow(DecryptError);
  });

  it('refuses plain text and malformed envelopes', () => {
    expect(() => open([keyA], 'X1234567', 'driver_passport')).toThrow(DecryptError);
    expect(() => open([keyA], 'enc:v1:abc', 'driver_passport')).toThrow(DecryptError);
  });
});
