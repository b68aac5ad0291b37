import { SMTPServer } from 'smtp-server';
import { startSite, treePssMb, treeCpuMs, sleep } from './processes';
import { adminCookie } from './admin-session';

export type BulkFigure = {
  recipients: number;
  seconds: number;
  perSecond: number;
  peakMb: number;
  /** The site's node process alone at the tree's peak. */
  nodeAtPeakMb?: number;
  /** CPU time per message of the site's node, of its postgres processes, and of this process (the SMTP sink). */
  cpuMsPerMessage?: { node: number; postgres: number; sink: number };
};
export const BULK_RECIPIENTS = 5000;

/**
 * 5,000 historic contacts (everyone not opted out; the import before it leaves new addresses 'not asked') mailed through the bulk queue into a local SMTP server with no
 * rate limit: messages per second from the send request to the last message received, and the
 * site's peak resident memory meanwhile.
 */
export async function benchBulkMail(
  env: Record<string, string>,
  port: number,
  admin: { email: string; password: string },
  siteDir?: string,
): Promise<BulkFigure> {
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port + 1, '127.0.0.1', resolve));
  const site = await startSite(
    {
      ...env,
      SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
      MAIL_RATE_PER_SECOND: '100000',
      // Messages in flight at once (one SMTP connection each). With the mail server not the limit, a
      // send's rate is set by the round trips of a message (claim, SMTP dialogue, record) on a busy
      // machine: with 25, the site's CPU limits it rather than the waiting. BENCH_MAIL_CONCURRENCY tries others.
      MAIL_CONCURRENCY: process.env.BENCH_MAIL_CONCURRENCY ?? '25',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    port,
    siteDir,
  );
  let peakMb = treePssMb(site.child.pid!);
  let nodeAtPeakMb = treePssMb(site.child.pid!, false);
  try {
    const cookie = await adminCookie(site.url, admin);
    const t0 = performance.now();
    const nodeCpu0 = treeCpuMs(site.child.pid!, false);
    const allCpu0 = treeCpuMs(site.child.pid!, true);
    const sinkCpu0 = process.cpuUsage();
    const res = await fetch(`${site.url}/api/admin/send-bulk-email`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        subject: 'Rally news',
        htmlContent: '<h1>Hello</h1><p>The 2026 rally is open.</p>',
        recipientType: 'mailing_list',
        onlyOptedIn: false,
      }),
    });
    if (!res.ok) throw new Error(`bulk send answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    const deadline = Date.now() + 300_000;
    while (received < BULK_RECIPIENTS && Date.now() < deadline) {
      await sleep(100);
      const mb = treePssMb(site.child.pid!);
      if (mb > peakMb) [peakMb, nodeAtPeakMb] = [mb, treePssMb(site.child.pid!, false)];
    }
    const seconds = (performance.now() - t0) / 1000;
    const nodeMs = treeCpuMs(site.child.pid!, false) - nodeCpu0;
    const postgresMs = treeCpuMs(site.child.pid!, true) - allCpu0 - nodeMs;
    const sink = process.cpuUsage(sinkCpu0);
    const per = (ms: number) => ms / Math.max(1, received);
    return {
      recipients: received,
      seconds,
      perSecond: received / seconds,
      peakMb,
      nodeAtPeakMb,
      cpuMsPerMessage: { node: per(nodeMs), postgres: per(postgresMs), sink: per((sink.user + sink.system) / 1000) },
    };
  } finally {
    await site.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}
