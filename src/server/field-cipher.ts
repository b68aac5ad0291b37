import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Per-value envelope for sensitive fields: AES-256-GCM with a random 12-byte IV, the column name
 * as associated data (a value copied into another column does not decrypt), and the id of the key
 * that sealed it, so values under an old key still open during a key rotation.
 *
 *   enc:v1:<keyId>:<iv>:<tag>:<ciphertext>      (iv, tag and ciphertext in base64)
 */
export const ENVELOPE_PREFIX = 'enc:v1:';

export type DataKey = { id: string; key: Buffer };

export class DecryptError extends Error {}

/** A short public name of a key (not secret: a hash prefix), stored in each envelope. */
export function dataKey(key: Buffer): DataKey {
  if (key.length !== 32) throw new Error('a data encryption key is 32 bytes');
  return { id: createHash('sha256').update(key).digest('base64url').slice(0, 8), key };
}

export function isEnvelope(value: string): boolean {
  return value.startsWith(ENVELOPE_PREFIX);
}

/** The id of the key that sealed this envelope. */
export function envelopeKeyId(value: string): string {
  return value.slice(ENVELOPE_PREFIX.length).split(':')[0]!; // split always gives at least one part
}

export function seal(key: DataKey, plaintext: string, associatedData: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${ENVELOPE_PREFIX}${key.id}:${iv.toString('base64')}:${tag.toString('base64')}:${ct.toString('base64')}`;
}

/** Opens an envelope with whichever of `keys` sealed it; refuses a wrong key, tampering or other associated data. */
export function open(keys: readonly DataKey[], envelope: string, associatedData: string): string {
  if (!isEnvelope(envelope)) throw new DecryptError('not an encrypted value');
  const [keyId, iv, tag, ct, ...rest] = envelope.slice(ENVELOPE_PREFIX.length).split(':');
  if (keyId === undefined || iv === undefined || tag === undefined || ct === undefined || rest.length)
    throw new DecryptError('malformed encrypted value');
  const key = keys.find((k) => k.id === keyId);
  if (!key) throw new DecryptError(`no key ${keyId} to decrypt this value (is DATA_ENCRYPTION_KEY right?)`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64'), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    throw new DecryptError('encrypted value refused: wrong key, tampered, or from another field');
  }
}
