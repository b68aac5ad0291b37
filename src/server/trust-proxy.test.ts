import { afterEach, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { ConfigError, loadConfig } from './config';
import { parseTrustProxy } from './trust-proxy';
import { rateLimits } from './db/schema';
import { createTestApp, type TestApp } from './test/app';

describe('TRUST_PROXY forms', () => {
  it('takes a hop count or a list of proxy addresses and ranges', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,fd00::/8, loopback')).toEqual(['10.0.0.1', '192.168.0.0/16', 'fd00::/8', 'loopback']);
  });

  it('refuses "trust everything" and anything that is not an address, with the reason', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: .*never "true"/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.example.org' })).toThrow(
      /TRUST_PROXY: not an IP address or CIDR range: proxy.example.org/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });
});

/**
 * A client that forges X-Forwarded-For entries in front of the ones the proxy adds must still be
 * counted under its real address: the rate-limit counter keys show which address was counted.
 */
describe('client address behind a proxy', () => {
  let app: TestApp;
  afterEach(() => app?.close());

  const PROXY = '10.0.0.5';
  const CLIENT = '203.0.113.7';
  const subscribe = (remoteAddress: string, forwarded: string | undefined, n: number) =>
    app.inject({
      method: 'POST',
      url: '/api/email-updates',
      remoteAddress,
      headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
      payload: { name: 'Visitor', email: `visitor${n}@example.test` },
    });
  const counted = async () =>
    (
      await app.db
        .select({ key: rateLimits.key, count: rateLimits.count })
        .from(rateLimits)
        .where(like(rateLimits.key, 'email-updates:ip:%'))
    ).map((r) => `${r.key}=${r.count}`);

  for (const [form, value] of [
    ['a hop count', '1'],
    ['a list of proxy addresses', `127.0.0.1, ${PROXY}`],
    ['a CIDR range', '10.0.0.0/8'],
  ] as const) {
    it(`with ${form}, forged entries never change the address counted`, async () => {
      app = await createTestApp({ env: { TRUST_PROXY: value } });
      for (let i = 0; i < 5; i++) {
        // The client sent "X-Forwarded-For: <forged>, <forged>"; the proxy appended the client's real address.
        const res = await subscribe(PROXY, `198.51.100.${i}, 192.0.2.${i}, ${CLIENT}`, i);
        expect(res.statusCode).toBe(201);
      }
      expect(await counted()).toEqual([`email-updates:ip:${CLIENT}=5`]);
    });
  }

  it('with a list, a caller that is not a listed proxy is counted by its own address, whatever it forwards', async () => {
    app = await createTestApp({ env: { TRUST_PROXY: PROXY } });
    for (let i = 0; i < 3; i++) expect((await subscribe(CLIENT, `198.51.100.${i}`, i)).statusCode).toBe(201);
    expect(await counted()).toEqual([`email-updates:ip:${CLIENT}=3`]);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    app = await createTestApp();
    for (let i = 0; i < 3; i++) expect((await subscribe(CLIENT, `198.51.100.${i}, 192.0.2.1`, i)).statusCode).toBe(201);
    expect(await counted()).toEqual([`email-updates:ip:${CLIENT}=3`]);
  });
});
