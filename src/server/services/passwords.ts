import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

/**
 * OWASP's current minimum for scrypt: N=2^17, r=8, p=1 (128 MiB per hash). maxmem is raised above
 * Node's 32 MiB default to allow it.
 */
export const PRODUCTION_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
/**
 * Under Vitest only, so the suite stays fast (its tests sign up and log in hundreds of times);
 * the production parameters are tested on their own.
 */
const TEST_PARAMS = { N: 2 ** 10, r: 8, p: 1 } as const;
const MAXMEM = 256 * 1024 * 1024;
const KEYLEN = 64;

export const currentParams = () => (process.env.VITEST ? TEST_PARAMS : PRODUCTION_PARAMS);

/** Format: scrypt$N$r$p$salt$hash (base64), so parameters can be raised later. */
export async function hashPassword(password: string, params: { N: number; r: number; p: number } = currentParams()): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, { ...params, maxmem: MAXMEM });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    // Same work as a real check, so response time does not reveal whether the account exists.
    await hashPassword(password);
    return false;
  }
  const [algo, n, r, p, salt, hash] = stored.split('$');
  if (algo !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** True for a hash made with weaker parameters than today's: it is replaced at the next login. */
export function needsRehash(stored: string): boolean {
  const [algo, n, r, p] = stored.split('$');
  const want = currentParams();
  return algo !== 'scrypt' || Number(n) < want.N || Number(r) < want.r || Number(p) < want.p;
}
