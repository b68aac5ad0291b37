import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { DEMO_PASSWORD, demoLoadedLine, loadsDemoData } from './demo';

/** A production start on the embedded database loads demo data only when asked, and never logs a password. */
describe('demo data at start', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({
      SESSION_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://rally.example.org',
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      ...env,
    });

  it('a production start on the embedded database loads none unless SEED_DEMO=1', () => {
    expect(loadsDemoData(config({ NODE_ENV: 'production' }))).toBe(false);
    expect(loadsDemoData(config({ NODE_ENV: 'production', SEED_DEMO: '1' }))).toBe(true);
  });

  it('a development start on the embedded database loads it unless SEED_DEMO=0; on DATABASE_URL only when asked', () => {
    expect(loadsDemoData(config({ NODE_ENV: 'development' }))).toBe(true);
    expect(loadsDemoData(config({ NODE_ENV: 'development', SEED_DEMO: '0' }))).toBe(false);
    expect(loadsDemoData(config({ NODE_ENV: 'development', DATABASE_URL: 'postgres://u:p@localhost/db' }))).toBe(false);
  });

  it('the line the start logs names the accounts and never a password', () => {
    const dev = demoLoadedLine({ adminEmail: 'admin@demo.test', rallierEmail: 'olivia@example.je', withPasswords: true });
    expect(dev).toContain('admin@demo.test');
    expect(dev).not.toContain(DEMO_PASSWORD);
    const production = demoLoadedLine({ adminEmail: 'admin@demo.test', rallierEmail: 'olivia@example.je', withPasswords: false });
    expect(production).toMatch(/has no password yet/);
  });
});
