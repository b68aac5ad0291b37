import { useState } from 'react';
import { History } from 'lucide-react';
import type { AuditLogEntry } from '@common/schemas/audit';
import { formatPence } from '@common/money';
import { Button } from '../../components/ui/button';
import { AdminSection } from '../../components/layout/admin-section';
import { AdminTable, type AdminColumn } from '../../components/admin-table';
import { useAuditLog } from './api';

const actionLabels: Record<string, string> = {
  'signup.update': 'Edited registration',
  'signup.delete': 'Deleted registration',
  'signups.export': 'Exported registrations',
  'donation.create': 'Added donation',
  'donation.update': 'Corrected donation',
  'donation.verify': 'Verified donation',
  'donation.delete': 'Deleted donation',
  'donations.export': 'Exported donations',
  'credentials.send': 'Sent login credentials',
  'email.bulk_send': 'Sent bulk email',
  'email.team_send': 'E-mailed selected teams',
  'email.bulk_resume': 'Resumed bulk email',
  'mailing_list.generate_tokens': 'Generated unsubscribe tokens',
  'historic.import': 'Imported historic emails',
  'signup.car_image': 'Uploaded car image',
  'signup.reveal_sensitive': 'Revealed passport and medical data',
  'privacy.purge_sensitive': 'Erased passport and medical data (retention)',
  'privacy.export': 'Exported personal data',
  'privacy.erase': 'Erased account',
};

/** A short reading of what the action touched, from its recorded details. */
function summary(e: AuditLogEntry): string {
  const d = (e.details ?? {}) as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof d.teamName === 'string') parts.push(d.teamName);
  if (typeof d.amount === 'number') parts.push(formatPence(d.amount));
  // Ledger changes keep the donation before and after.
  const before = d.before as { amount?: number } | null | undefined;
  const after = d.after as { amount?: number } | null | undefined;
  if (typeof before?.amount === 'number')
    parts.push(
      after && after.amount !== before.amount
        ? `${formatPence(before.amount)} → ${formatPence(after.amount!)}`
        : formatPence(before.amount),
    );
  if (Array.isArray(d.fields) && d.fields.length) parts.push(`fields: ${d.fields.join(', ')}`);
  if (typeof d.subject === 'string') parts.push(`“${d.subject}”`);
  if (typeof d.recipients === 'number') parts.push(`${d.recipients} recipients`);
  if (typeof d.imported === 'number') parts.push(`${d.imported} imported`);
  if (typeof d.rows === 'number') parts.push(`${d.rows} rows`);
  if (d.includesSensitive === true) parts.push('with passport and medical data');
  if (typeof d.teams === 'number') parts.push(`${d.teams} ${d.teams === 1 ? 'team' : 'teams'}`);
  if (!parts.length && e.targetType) parts.push(`${e.targetType}${e.targetId ? ` #${e.targetId}` : ''}`);
  return parts.join(' · ');
}

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Who did what, when, to which record: newest first, a page at a time. */
const columns: AdminColumn<AuditLogEntry>[] = [
  { key: 'when', header: 'When', cellClassName: 'whitespace-nowrap text-slate-600', cell: (e) => when.format(new Date(e.createdAt)) },
  { key: 'who', header: 'Who', cell: (e) => e.actorEmail ?? '-' },
  { key: 'action', header: 'Action', cellClassName: 'font-medium text-navy-900', cell: (e) => actionLabels[e.action] ?? e.action },
  { key: 'record', header: 'Record', cellClassName: 'text-slate-700', cell: (e) => summary(e) || '-' },
];

export function AuditLogSection() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useAuditLog(page);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <AdminSection id="audit-log" title="Audit Log" icon={History} description="Organisers' changes, deletions, donations and sends.">
      {isLoading ? (
        <p className="text-slate-600">Loading...</p>
      ) : isError || !data ? (
        <p role="alert" className="text-rally-600">
          The audit log could not be loaded.
        </p>
      ) : data.entries.length === 0 ? (
        <p className="text-slate-600">No admin actions recorded yet.</p>
      ) : (
        <>
          <AdminTable
            className="overflow-x-auto"
            label="Audit log entries"
            head="plain"
            cellClassName="py-2 pr-3"
            tableClassName="min-w-[40rem]"
            columns={columns}
            rows={data.entries}
            rowKey={(e) => e.id}
          />
          <div className="mt-4 flex items-center justify-between text-sm">
            <span className="text-slate-600">
              Page {data.page} of {pages}
            </span>
            <div className="flex gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Newer
              </Button>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Older
              </Button>
            </div>
          </div>
        </>
      )}
    </AdminSection>
  );
}
