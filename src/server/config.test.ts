import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('has working defaults for a local run', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(5000);
    expect(config.embedded).toBe(true);
  });

  it('stops with a list of everything that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must start with postgres://');
      expect(message).toContain('SMTP_URL');
    }
  });

  it('refuses the variables that became rally settings, naming where they are set now', () => {
    expect(() => loadConfig({ CAR_LIMIT: '40', DEPOSIT_AMOUNT_PENCE: '50000' })).toThrow(
      /CAR_LIMIT: the car limit is now set on \/admin\/settings[\s\S]*DEPOSIT_AMOUNT_PENCE: the deposit amount/,
    );
  });

  it('takes an http(s) origin for GOCARDLESS_BASE_URL and refuses a path, which the client would not keep', () => {
    expect(loadConfig({ GOCARDLESS_BASE_URL: 'http://127.0.0.1:4010' }).GOCARDLESS_BASE_URL).toBe('http://127.0.0.1:4010');
    expect(() => loadConfig({ GOCARDLESS_BASE_URL: 'http://127.0.0.1:4010/gocardless' })).toThrow(
      /GOCARDLESS_BASE_URL: an http\(s\) origin only/,
    );
    expect(() => loadConfig({ GOCARDLESS_BASE_URL: 'ftp://127.0.0.1' })).toThrow(/GOCARDLESS_BASE_URL/);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://u@h/db' }).embedded).toBe(false);
  });

  it('refuses a DATABASE_URL that is not a URL, such as a password with a / left as it is', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://rally:ab/cd+ef@db:5432/rally' })).toThrow(
      /DATABASE_URL: is not a valid URL: percent-encode \/ \? # in the password/,
    );
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'postgres://rally:ab%2Fcd%2Bef@db:5432/rally' }).embedded).toBe(false);
  });

  it('refuses PostgreSQL without DATA_ENCRYPTION_KEY (in production and in development alike), and a key that is not 32 bytes', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://rally.example.org', DATABASE_URL: 'postgres://u@h/db' }),
    ).toThrow(/DATA_ENCRYPTION_KEY: required with DATABASE_URL, the same on every instance/);
    // Outside production a second instance once made a key of its own and failed every write it sealed.
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/DATA_ENCRYPTION_KEY: required with DATABASE_URL/);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(
      /DATA_ENCRYPTION_KEY: must be 32 bytes in base64/,
    );
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://rally.example.org',
        DATABASE_URL: 'postgres://u@h/db',
        DATA_ENCRYPTION_KEY: key,
      }).DATA_ENCRYPTION_KEY,
    ).toBe(key);
  });

  it('refuses a production start without PUBLIC_URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL: required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://rally.example.org' }).PUBLIC_URL).toBe('https://rally.example.org');
  });

  it('takes RALLY_CLOCK as an ISO date-time for tests and demos, and refuses it in production', () => {
    expect(loadConfig({ RALLY_CLOCK: '2026-06-01T12:00:00Z' }).RALLY_CLOCK).toBe('2026-06-01T12:00:00Z');
    expect(loadConfig({}).RALLY_CLOCK).toBeUndefined();
    expect(() => loadConfig({ RALLY_CLOCK: 'next June' })).toThrow(/RALLY_CLOCK: must be an ISO date-time/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://rally.example.org', RALLY_CLOCK: '2026-06-01T12:00:00Z' }),
    ).toThrow(/RALLY_CLOCK: only for tests and demos/);
  });
});
