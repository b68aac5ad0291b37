import type { FastifyInstance } from 'fastify';
import { organiserAddress } from '../../services/organiser-notifications';
import { siteLink } from '../../services/site-links';
import { healthProblems, siteHealth } from './facts';

export const SITE_HEALTH_QUEUE = 'site-health-check';
/** Daily, at a minute no other schedule uses: at most one e-mail a day. */
export const SITE_HEALTH_CRON = '11 9 * * *';

/** Checks the site's health and e-mails the organisers when a backup is overdue or e-mails keep failing. */
export async function checkSiteHealth(app: FastifyInstance, now = new Date()): Promise<string[]> {
  const problems = healthProblems(await siteHealth(app, now));
  if (!problems.length) return problems;
  const rally = await app.rallySettings();
  await app.mailer.send({
    to: organiserAddress(rally),
    subject: `${rally.productName} website: ${problems.length === 1 ? 'a problem needs' : 'problems need'} attention`,
    text: `${problems.map((p) => `- ${p}`).join('\n')}\n\nSite health: ${siteLink(app.config, '/admin/site-health')}\n`,
  });
  return problems;
}

/** A pg-boss schedule: with several instances the check runs once a day in total. */
export async function startSiteHealthAlerts(app: FastifyInstance): Promise<void> {
  const jobs = app.jobs;
  if (!jobs) return;
  await jobs.createQueue(SITE_HEALTH_QUEUE);
  await jobs.schedule(SITE_HEALTH_QUEUE, SITE_HEALTH_CRON);
  await jobs.work(SITE_HEALTH_QUEUE, async () => {
    const problems = await checkSiteHealth(app);
    if (problems.length) app.log.warn({ problems }, 'site health: organisers e-mailed');
  });
}
