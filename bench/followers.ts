import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open';
import { signups, teamFollowers } from '../src/server/db/schema';
import { seedDemoIfEmpty, DEMO_PASSWORD } from '../src/server/seed/demo';
import { adminCookie } from './admin-session';
import { SHARED_TEST_KEY, sleep, startSite, treePssMb } from './processes';

export const FOLLOWERS_HEADING = '## An update to 2,000 followers';
const FOLLOWERS = 2000;
/** The demo season's second rally day (as the live journeys' site): the rally app takes updates. */
const RALLY_DAY = '2026-09-10T12:00:00Z';
const RALLIER = 'olivia.lesueur@example.je';

export type FollowersFigure = {
  followers: number;
  received: number;
  /** The team's own request: its answer never waits for the followers' mail. */
  postMs: number;
  seconds: number;
  peakPssMb: number;
  peakRssMb: number;
  load: string;
};

/** Resident set size of the process and all its descendants in MB (shared pages counted in each). */
function treeRssMb(pid: number): number {
  const all = [pid];
  for (let i = 0; i < all.length; i++) {
    try {
      all.push(...readFileSync(`/proc/${all[i]}/task/${all[i]}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      // ended meanwhile
    }
  }
  let kb = 0;
  for (const p of all) {
    try {
      kb += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return kb / 1024;
}

/**
 * The demo data on a rally day, with 2,000 confirmed followers of the demo rallier's team; the team
 * posts an update through the rally app's route and the site mails every follower through the
 * bulk-mail outbox into a local SMTP server: the time from the post to the last follower's message
 * received, and the site's process tree's peak memory meanwhile (PSS, and RSS which counts the
 * pages postgres's processes share once in each).
 */
export async function benchFollowers(port: number): Promise<FollowersFigure> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-followers-'));
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: SHARED_TEST_KEY, RALLY_CLOCK: RALLY_DAY });
  const database = await openDatabase(config);
  await seedDemoIfEmpty(database.db);
  const [team] = await database.db.select({ id: signups.id }).from(signups).where(eq(signups.driverEmail, RALLIER));
  if (!team) throw new Error('the demo rallier has no team');
  await database.db.insert(teamFollowers).values(
    Array.from({ length: FOLLOWERS }, (_, i) => ({
      signupId: team.id,
      email: `fan${String(i).padStart(4, '0')}@followers.bench`,
      token: randomBytes(24).toString('base64url'),
      confirmedAt: new Date(),
    })),
  );
  await database.close();

  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const toFollower = session.envelope.rcptTo.some((r) => r.address.endsWith('@followers.bench'));
      stream.on('data', () => {});
      stream.on('end', () => {
        if (toFollower) received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port + 1, '127.0.0.1', resolve));
  const site = await startSite(
    {
      DATA_DIR: dataDir,
      RALLY_CLOCK: RALLY_DAY,
      SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
      // As the bulk e-mail figure: the mail server is not the limit, the site's pipeline is.
      MAIL_RATE_PER_SECOND: '100000',
      MAIL_CONCURRENCY: process.env.BENCH_MAIL_CONCURRENCY ?? '25',
    },
    port,
  );
  let peakPssMb = treePssMb(site.child.pid!);
  let peakRssMb = treeRssMb(site.child.pid!);
  try {
    const cookie = await adminCookie(site.url, { email: RALLIER, password: DEMO_PASSWORD });
    const t0 = performance.now();
    const res = await fetch(`${site.url}/api/my-rally-app/updates`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ clientId: randomUUID(), body: 'Over the Alps and down to the sea!' }),
    });
    if (res.status !== 201) throw new Error(`the update's post answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const postMs = performance.now() - t0;
    const deadline = Date.now() + 300_000;
    while (received < FOLLOWERS && Date.now() < deadline) {
      await sleep(100);
      peakPssMb = Math.max(peakPssMb, treePssMb(site.child.pid!));
      peakRssMb = Math.max(peakRssMb, treeRssMb(site.child.pid!));
    }
    const seconds = (performance.now() - t0) / 1000;
    return {
      followers: FOLLOWERS,
      received,
      postMs,
      seconds,
      peakPssMb,
      peakRssMb,
      load: loadavg()
        .map((l) => l.toFixed(1))
        .join(' '),
    };
  } finally {
    await site.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

export function followersLines(f: FollowersFigure): string[] {
  return [
    FOLLOWERS_HEADING,
    '',
    `Written by \`npm run bench -- followers\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (load average ${f.load}): ` +
      `the demo data on a rally day, ${f.followers.toLocaleString('en-GB')} confirmed followers of one team; the team posts an update ` +
      'through the rally app and the site mails each follower through the bulk-mail outbox into a local SMTP server ' +
      '(MAIL_RATE_PER_SECOND 100000, MAIL_CONCURRENCY 25, as the bulk e-mail figure).',
    '',
    "| Followers mailed | The post's answer | From the post to the last message | Peak memory of the site's tree (PSS / RSS) |",
    '| --- | --- | --- | --- |',
    `| ${f.received.toLocaleString('en-GB')} of ${f.followers.toLocaleString('en-GB')} | ${f.postMs.toFixed(0)} ms | ${f.seconds.toFixed(1)} s | ${f.peakPssMb.toFixed(0)} MB / ${f.peakRssMb.toFixed(0)} MB |`,
  ];
}
