import { KeyRound } from 'lucide-react';
import { roleLabel, type MailingContact } from '@common/mailing';
import { Badge } from '../../components/ui/card';
import { cn } from '../../lib/cn';
import { AdminTable, type AdminColumn } from '../../components/admin-table';

export function StatusBadge({ optIn }: { optIn: boolean | null }) {
  const [label, tone] =
    optIn === true
      ? ['Opted In', 'bg-emerald-100 text-emerald-800']
      : optIn === false
        ? ['Opted Out', 'bg-rose-100 text-rose-800']
        : ['Not Asked', 'bg-slate-100 text-slate-700'];
  return <Badge className={`whitespace-nowrap ${tone}`}>{label}</Badge>;
}

function TokenMark({ token }: { token: string | null }) {
  return token ? (
    <KeyRound className="h-4 w-4 text-emerald-600" role="img" aria-label="Has unsubscribe token" />
  ) : (
    <span className="text-slate-500" aria-label="No unsubscribe token">
      —
    </span>
  );
}

const columns: AdminColumn<MailingContact>[] = [
  {
    key: 'name',
    header: 'Name',
    cellClassName: 'font-medium text-navy-900',
    cell: (c) => (
      <>
        {c.firstName} {c.lastName}
      </>
    ),
  },
  { key: 'email', header: 'Email', cellClassName: 'break-all', cell: (c) => c.email },
  { key: 'status', header: 'Status', cell: (c) => <StatusBadge optIn={c.emailOptIn} /> },
  { key: 'role', header: 'Role', cellClassName: 'whitespace-nowrap', cell: (c) => roleLabel(c) },
  { key: 'rallies', header: 'Rallies', className: 'text-right', cellClassName: 'tabular-nums', cell: (c) => c.yearCount },
  { key: 'years', header: 'Years', cellClassName: 'text-slate-600', cell: (c) => c.years.join(', ') },
  {
    key: 'token',
    header: 'Token',
    className: 'text-center',
    cell: (c) => (
      <div className="flex justify-center">
        <TokenMark token={c.unsubscribeToken} />
      </div>
    ),
  },
];

/** Spec section 2's contacts table; a card list on phones. */
export function ContactsTable({ contacts }: { contacts: MailingContact[] }) {
  return (
    <>
      <AdminTable
        className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block"
        caption="Contacts"
        columns={columns}
        rows={contacts}
        rowKey={(c) => c.email.toLowerCase()}
        rowProps={() => ({ className: 'hover:bg-slate-50' })}
      />
      <ul className="space-y-3 md:hidden">
        {contacts.map((c) => (
          <li key={c.email.toLowerCase()} className="rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex items-start justify-between gap-2">
              <p className="font-semibold text-navy-900">
                {c.firstName} {c.lastName}
              </p>
              <StatusBadge optIn={c.emailOptIn} />
            </div>
            <p className="break-all text-sm text-slate-600">{c.email}</p>
            <p className={cn('mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600')}>
              <span>{roleLabel(c)}</span>
              <span>
                {c.yearCount} rall{c.yearCount === 1 ? 'y' : 'ies'}: {c.years.join(', ')}
              </span>
              <span className="inline-flex items-center gap-1">
                Token <TokenMark token={c.unsubscribeToken} />
              </span>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
