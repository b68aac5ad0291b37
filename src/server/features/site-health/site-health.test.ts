import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUpAdmin } from '../../test/auth';
import { countingMailer, recordBackup } from '../../services/site-figures';
import type { SiteHealth } from '../../../common/schemas/site-health';
import { checkSiteHealth } from './alerts';

let app: TestApp;
let admin: { cookie: string };

beforeAll(async () => {
  app = await createTestApp();
  admin = await signUpAdmin(app);
});
afterAll(async () => {
  await app?.close();
});

const health = async () => {
  const res = await app.inject({ url: '/api/admin/site-health', headers: { cookie: admin.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as SiteHealth;
};

describe('site health for the organisers', () => {
  it('says the version, the disk, the jobs and the streams, and that no backup was ever made', async () => {
    const h = await health();
    expect(h.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(h.diskFreeMb).toBeGreaterThan(0);
    expect(h.minFreeDiskMb).toBe(app.config.MIN_FREE_DISK_MB);
    expect(Array.isArray(h.jobs)).toBe(true);
    expect(h.liveStreamsOpen).toBeGreaterThanOrEqual(0);
    expect(h.lastBackup).toBeNull();
    expect(h.backupOverdue).toBe(true);
  });

  it('e-mails the organisers when no backup is recorded, and not once a recent one is', async () => {
    const before = app.mail.sent.length;
    expect(await checkSiteHealth(app)).toEqual([expect.stringMatching(/No backup has been recorded/)]);
    const notice = app.mail.sent.at(-1)!;
    expect(app.mail.sent.length).toBe(before + 1);
    expect(notice.text).toContain('/admin/site-health');

    recordBackup(app.config.dataDir, { file: '/backups/rally-backup.tar.gz', bytes: 123_456, at: new Date().toISOString() });
    const h = await health();
    expect(h.lastBackup).toEqual({ at: expect.any(String), bytes: 123_456 });
    expect(h.backupOverdue).toBe(false);
    expect(await checkSiteHealth(app)).toEqual([]);
    expect(app.mail.sent.length).toBe(before + 1);
    // Three days on, the same backup is overdue.
    expect(await checkSiteHealth(app, new Date(Date.now() + 3 * 24 * 3600_000))).toEqual([expect.stringMatching(/more than 2 days ago/)]);
  });

  it('lists the e-mails that failed with their address and reason, and e-mails the organisers when they keep failing', async () => {
    const refusing = countingMailer({
      description: 'refusing',
      send: async () => {
        throw new Error('550 mailbox unavailable');
      },
      close() {},
    });
    for (const to of ['a@example.org', 'b@example.org', 'c@example.org'])
      await expect(refusing.send({ to, subject: 'Hello', text: 'Hi' })).rejects.toThrow();
    const h = await health();
    expect(h.failedEmails.slice(0, 3).map((f) => [f.to, f.reason])).toEqual([
      ['c@example.org', '550 mailbox unavailable'],
      ['b@example.org', '550 mailbox unavailable'],
      ['a@example.org', '550 mailbox unavailable'],
    ]);
    const problems = await checkSiteHealth(app);
    expect(problems).toEqual([expect.stringMatching(/e-mails failed in the last day \(to c@example.org, b@example.org, a@example.org/)]);
    expect(app.mail.sent.at(-1)!.text).toContain('550 mailbox unavailable');
  });
});
