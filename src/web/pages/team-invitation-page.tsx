import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { CheckCircle2, MailQuestion, XCircle } from 'lucide-react';
import type { InvitationAnswer, InvitationSummary } from '@common/schemas/signup';
import { AuthCard } from '../features/auth/auth-card';
import { Button, buttonClass } from '../components/ui/button';
import { Skeleton } from '../components/ui/card';
import { errorMessage } from '../lib/error-message';
import { toast } from '../lib/toast';
import { useDocumentTitle } from '../lib/use-document-title';
import { useRallySettings } from '../lib/rally-settings';
import { useAnswerInvitation, useInvitation } from '../features/dashboard/invitation-api';

const INVALID = 'This invitation link is invalid or has already been used.';

/** What the person was named as, in their words. */
function question(s: InvitationSummary) {
  return s.role === 'co-driver'
    ? `${s.driverName} has named you (${s.email}) as the co-driver of ${s.teamName} for the ${s.rallyYear} rally. You are not on the team until you accept.`
    : `${s.teamName} was registered for the ${s.rallyYear} rally with your address (${s.email}) as its driver. It shows on your dashboard only once you confirm it is yours.`;
}

/** What the invitation is to, as the team's form gave it. */
function InvitationDetails({ summary }: { summary: InvitationSummary }) {
  const rallySettings = useRallySettings();
  const you = [summary.firstName, summary.lastName].filter(Boolean).join(' ');
  const rows: [string, string | null][] = [
    ['Team', summary.teamName],
    ['Driver', summary.driverName],
    [summary.role === 'co-driver' ? 'Co-driver' : 'Named as driver', you ? `${you} (${summary.email})` : summary.email],
    ['Car', summary.car],
    ['Rally', `${rallySettings.productName} ${summary.rallyYear}`],
  ];
  return (
    <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-navy-50 p-4 text-sm" aria-label="Invitation details">
      {rows
        .filter((r): r is [string, string] => Boolean(r[1]))
        .map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-navy-900">{label}</dt>
            <dd className="break-words text-slate-700">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** After accepting: straight to the dashboard when signed in with the address, else how to get there. */
function Accepted({ answer, summary }: { answer: InvitationAnswer; summary: InvitationSummary }) {
  // What the team's form knew of them fills in their account (never the link's token).
  const known = { email: summary.email, firstName: summary.firstName ?? '', lastName: summary.lastName ?? '' };
  const register = `/login?${new URLSearchParams({ mode: 'register', ...known })}`;
  const logIn = `/login?${new URLSearchParams({ email: summary.email })}`;
  return (
    <AuthCard icon={CheckCircle2} tone="green" title={`You are on ${answer.teamName}`}>
      {answer.onMyDashboard ? (
        <Link href="/dashboard" className={buttonClass('primary', 'lg', 'w-full')}>
          Go to your dashboard
        </Link>
      ) : (
        <div className="space-y-3 text-center">
          <p className="text-slate-600">Log in, or create an account, with {summary.email} to see the team on your dashboard.</p>
          <p className="text-sm text-slate-600">
            This link has shown that {summary.email} is yours: in this browser, within a day, you will not be asked to confirm it again.
          </p>
          <Link href={logIn} className={buttonClass('primary', 'lg', 'w-full')}>
            Log In
          </Link>
          <Link href={register} className={buttonClass('outline', 'lg', 'w-full')}>
            Create Account
          </Link>
        </div>
      )}
    </AuthCard>
  );
}

/**
 * /team-invitation?token=...: the link e-mailed to an address someone named on a team. Its owner
 * accepts (the team then shows on their dashboard) or declines; the link works once.
 */
export default function TeamInvitationPage() {
  useDocumentTitle('Team Invitation');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const invitation = useInvitation(token);
  const answer = useAnswerInvitation(token);
  const [done, setDone] = useState<{ kind: 'accept' | 'decline'; answer: InvitationAnswer } | null>(null);

  const reply = (kind: 'accept' | 'decline') =>
    answer.mutate(kind, {
      onSuccess: (a) => setDone({ kind, answer: a }),
      onError: (error) =>
        toast({ title: 'Error', description: errorMessage(error, 'Something went wrong. Please try again.'), variant: 'destructive' }),
    });

  if (done && invitation.data) {
    if (done.kind === 'accept') return <Accepted answer={done.answer} summary={invitation.data} />;
    return (
      <AuthCard icon={XCircle} title="Invitation declined" intro={`You are not on ${done.answer.teamName}. We have let the driver know.`}>
        <Link href="/" className={buttonClass('outline', 'lg', 'w-full')}>
          Back to the home page
        </Link>
      </AuthCard>
    );
  }
  if (invitation.isLoading) {
    return (
      <AuthCard icon={MailQuestion} title="Team Invitation">
        <Skeleton className="h-24" />
      </AuthCard>
    );
  }
  if (!invitation.data) {
    return (
      <AuthCard icon={XCircle} title="Invitation not found" intro={token ? errorMessage(invitation.error, INVALID) : INVALID}>
        <Link href="/" className={buttonClass('outline', 'lg', 'w-full')}>
          Back to the home page
        </Link>
      </AuthCard>
    );
  }
  const summary = invitation.data;
  return (
    <AuthCard
      icon={MailQuestion}
      title={summary.role === 'co-driver' ? `Join ${summary.teamName}?` : 'Is this your team?'}
      intro={question(summary)}
    >
      <InvitationDetails summary={summary} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Button size="lg" onClick={() => reply('accept')} disabled={answer.isPending}>
          {summary.role === 'co-driver' ? 'Accept Invitation' : 'Yes, It Is Mine'}
        </Button>
        <Button size="lg" variant="outline" onClick={() => reply('decline')} disabled={answer.isPending}>
          {summary.role === 'co-driver' ? 'Decline' : 'No, Not Mine'}
        </Button>
      </div>
    </AuthCard>
  );
}
