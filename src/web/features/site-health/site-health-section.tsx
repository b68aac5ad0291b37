import type { ReactNode } from 'react';
import { HeartPulse } from 'lucide-react';
import type { SiteHealth } from '@common/schemas/site-health';
import { AdminSection } from '../../components/layout/admin-section';
import { useSiteHealth } from './api';

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function Fact({ label, warn, children }: { label: string; warn?: boolean; children: ReactNode }) {
  return (
    <div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="font-semibold text-navy-900">{label}</dt>
      <dd className={`mt-1 sm:col-span-2 sm:mt-0 ${warn ? 'font-semibold text-rally-600' : 'text-slate-700'}`}>{children}</dd>
    </div>
  );
}

function Facts({ health }: { health: SiteHealth }) {
  const waiting = health.jobs.reduce((n, q) => n + q.waiting, 0);
  const failedJobs = health.jobs.filter((q) => q.failed > 0);
  const diskLow = health.diskFreeMb !== null && health.diskFreeMb < health.minFreeDiskMb;
  return (
    <dl className="divide-y divide-slate-100">
      <Fact label="Last backup" warn={health.backupOverdue}>
        {health.lastBackup
          ? `${when.format(new Date(health.lastBackup.at))}, ${megabytes(health.lastBackup.bytes)}`
          : 'No backup has been recorded.'}
        {health.backupOverdue && ' A backup is overdue: ask whoever runs the server to run one (npm run backup).'}
      </Fact>
      <Fact label="E-mails failed in the last day" warn={health.failedEmails.length > 0}>
        {health.failedEmails.length === 0 ? (
          'None.'
        ) : (
          <ul className="space-y-1">
            {health.failedEmails.map((f) => (
              <li key={`${f.at}-${f.to}`}>
                <span className="font-medium">{f.to}</span> at {when.format(new Date(f.at))}: {f.reason}
              </li>
            ))}
          </ul>
        )}
      </Fact>
      <Fact label="Jobs waiting" warn={failedJobs.length > 0}>
        {waiting === 0 ? 'None: the background work is up to date.' : `${waiting} waiting to run.`}
        {failedJobs.length > 0 && ` Failed and kept: ${failedJobs.map((q) => `${q.failed} in ${q.queue}`).join(', ')}.`}
      </Fact>
      <Fact label="Disk free" warn={diskLow}>
        {health.diskFreeMb === null
          ? 'Could not be read.'
          : `${health.diskFreeMb.toLocaleString('en-GB')} MB${diskLow ? `, below the ${health.minFreeDiskMb} MB the site needs: uploads and e-mails will soon fail.` : '.'}`}
      </Fact>
      <Fact label="Live pages open">{health.liveStreamsOpen.toLocaleString('en-GB')}</Fact>
      <Fact label="Version running">
        {health.version}, running since {when.format(new Date(health.startedAt))}
      </Fact>
    </dl>
  );
}

/** The site's health in words: backups, e-mail, background work, disk, live pages, version. */
export function SiteHealthSection() {
  const { data, isLoading, isError } = useSiteHealth();
  return (
    <AdminSection
      id="site-health"
      title="Site health"
      icon={HeartPulse}
      description="Figures from the server this page was loaded from; e-mail and live pages since it last started."
    >
      {isLoading ? (
        <p className="text-slate-600">Loading...</p>
      ) : isError || !data ? (
        <p role="alert" className="text-rally-600">
          The site's health could not be loaded.
        </p>
      ) : (
        <Facts health={data} />
      )}
    </AdminSection>
  );
}
