import { CheckCircle2, XCircle } from 'lucide-react';
import { participationLabel, type IndividualRallier } from '@common/historic';
import { Badge } from '../../components/ui/card';
import { AdminTable, type AdminColumn } from '../../components/admin-table';

function StatusIcon({ person }: { person: IndividualRallier }) {
  return person.email ? (
    <CheckCircle2 className="h-5 w-5 shrink-0 text-emerald-600" aria-label="Has email" role="img" />
  ) : (
    <XCircle className="h-5 w-5 shrink-0 text-slate-400" aria-label="No email" role="img" />
  );
}

function Years({ person }: { person: IndividualRallier }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Years participated">
      {person.participations.map((p) => (
        <li key={`${p.year}-${p.role}`}>
          <Badge
            className={p.role === 'driver' ? '' : 'bg-gold-300/40 text-navy-900'}
            title={`${p.year} as ${p.role}${p.teamName ? `, ${p.teamName}` : ''}`}
          >
            {participationLabel(p)}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

const keyOf = (p: IndividualRallier) => `${p.firstName}|${p.lastName}`.toLowerCase();

const columns: AdminColumn<IndividualRallier>[] = [
  { key: 'status', header: <span className="sr-only">Email status</span>, cell: (p) => <StatusIcon person={p} /> },
  {
    key: 'name',
    header: 'Name',
    cellClassName: 'font-medium text-navy-900',
    cell: (p) => (
      <>
        {p.firstName} {p.lastName}
      </>
    ),
  },
  {
    key: 'email',
    header: 'Email',
    cellClassName: 'break-all',
    cell: (p) => p.email ?? <span className="text-slate-500 italic">No email</span>,
  },
  { key: 'years', header: 'Years participated', cell: (p) => <Years person={p} /> },
  { key: 'total', header: 'Total rallies', className: 'text-right', cellClassName: 'tabular-nums', cell: (p) => p.participations.length },
];

/** Spec section 2's table: status, name, e-mail, years as badges, total rallies. A card list on phones. */
export function HistoricTable({ people }: { people: IndividualRallier[] }) {
  return (
    <>
      <AdminTable
        className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block"
        caption="Ralliers"
        columns={columns}
        rows={people}
        rowKey={keyOf}
        rowProps={() => ({ className: 'align-top hover:bg-slate-50' })}
      />
      <ul className="space-y-3 md:hidden">
        {people.map((p) => (
          <li key={keyOf(p)} className="rounded-xl border border-slate-200 bg-white p-4">
            <div className="flex items-start gap-3">
              <StatusIcon person={p} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-navy-900">
                  {p.firstName} {p.lastName}
                </p>
                <p className="break-all text-sm text-slate-600">{p.email ?? <span className="italic text-slate-500">No email</span>}</p>
                <div className="mt-2">
                  <Years person={p} />
                </div>
                <p className="mt-2 text-xs text-slate-600">Total rallies: {p.participations.length}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
