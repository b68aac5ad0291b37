import { CheckCircle2, XCircle } from 'lucide-react';
import { participationLabel, type IndividualRallier } from '@common/historic';
import { Badge } from '../../components/ui/card';

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

/** Spec section 2's table: status, name, e-mail, years as badges, total rallies. A card list on phones. */
export function HistoricTable({ people }: { people: IndividualRallier[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-navy-50 text-xs uppercase tracking-wide text-navy-800">
            <tr>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">Email status</span>
              </th>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                Email
              </th>
              <th scope="col" className="px-4 py-3">
                Years participated
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Total rallies
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {people.map((p) => (
              <tr key={keyOf(p)} className="align-top hover:bg-slate-50">
                <td className="px-4 py-3">
                  <StatusIcon person={p} />
                </td>
                <td className="px-4 py-3 font-medium text-navy-900">
                  {p.firstName} {p.lastName}
                </td>
                <td className="px-4 py-3 break-all">{p.email ?? <span className="text-slate-500 italic">No email</span>}</td>
                <td className="px-4 py-3">
                  <Years person={p} />
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{p.participations.length}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
