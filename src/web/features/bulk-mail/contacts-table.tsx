import { KeyRound } from 'lucide-react';
import { roleLabel, type MailingContact } from '@common/mailing';
import { Badge } from '../../components/ui/card';
import { cn } from '../../lib/cn';

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

/** Spec section 2's contacts table; a card list on phones. */
export function ContactsTable({ contacts }: { contacts: MailingContact[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-navy-50 text-xs uppercase tracking-wide text-navy-800">
            <tr>
              <th scope="col" className="px-4 py-3">
                Name
              </th>
              <th scope="col" className="px-4 py-3">
                Email
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Role
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Rallies
              </th>
              <th scope="col" className="px-4 py-3">
                Years
              </th>
              <th scope="col" className="px-4 py-3 text-center">
                Token
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {contacts.map((c) => (
              <tr key={c.email.toLowerCase()} className="hover:bg-slate-50">
                <td className="px-4 py-3 font-medium text-navy-900">
                  {c.firstName} {c.lastName}
                </td>
                <td className="px-4 py-3 break-all">{c.email}</td>
                <td className="px-4 py-3">
                  <StatusBadge optIn={c.emailOptIn} />
                </td>
                <td className="whitespace-nowrap px-4 py-3">{roleLabel(c)}</td>
                <td className="px-4 py-3 text-right tabular-nums">{c.yearCount}</td>
                <td className="px-4 py-3 text-slate-600">{c.years.join(', ')}</td>
                <td className="px-4 py-3">
                  <div className="flex justify-center">
                    <TokenMark token={c.unsubscribeToken} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
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
