import { Link, useSearch } from 'wouter';
import { Heart, Home, Trophy } from 'lucide-react';
import { formatPence } from '@common/money';
import { useRallySettings } from '../lib/rally-settings';
import { buttonClass } from '../components/ui/button';
import { Card, Skeleton } from '../components/ui/card';
import { useDocumentTitle } from '../lib/use-document-title';
import { parseTeamId } from '@common/schemas/params';
import { usePublicTeam } from '../features/fundraising/api';
import { donatePageUrl } from '../lib/share';
import { ShareButton } from '../components/share-button';

/** Pence from the query; null when missing or not a whole positive number. */
function parseAmount(raw: string | null): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const pence = Number(raw);
  return pence > 0 && Number.isSafeInteger(pence) ? pence : null;
}

export default function DonateThankYouPage() {
  const rallySettings = useRallySettings();
  useDocumentTitle('Thank You for Your Donation');
  const query = new URLSearchParams(useSearch());
  const signupId = parseTeamId(query.get('signup_id'));
  const amount = parseAmount(query.get('amount'));
  const { data: team, isFetching } = usePublicTeam(signupId);
  const teamName = team?.teamName ?? 'the team';
  // Opened with no donation to name (a bookmark, a lost return link): thank and point onwards,
  // without claiming a gift to a team we cannot name.
  const knowsDonation = Boolean(team) || amount !== null;

  const shareData = () =>
    team
      ? {
          title: `Sponsor ${team.teamName}`,
          text: `I've just sponsored ${team.teamName} on the ${rallySettings.productName} ${rallySettings.year}, raising money for Jersey charities. Join me!`,
          url: donatePageUrl(team.id),
        }
      : {
          title: `${rallySettings.productName} ${rallySettings.year}`,
          text: `Sponsor a team on the ${rallySettings.productName} ${rallySettings.year}, raising money for Jersey charities.`,
          url: new URL('/leaderboard', window.location.origin).href,
        };

  return (
    <section className="mx-auto flex max-w-2xl flex-col px-4 py-12 sm:py-16">
      <Card className="overflow-hidden text-center">
        <div className="bg-navy-900 px-6 py-10 text-white">
          <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-gold-400 text-navy-950">
            <Heart className="h-8 w-8" fill="currentColor" aria-hidden />
          </span>
          <h1 className="mt-5 font-display text-3xl font-bold sm:text-4xl">Thank You for Your Donation!</h1>
        </div>
        <div className="px-6 py-8 sm:px-10">
          <p className="text-sm font-semibold uppercase tracking-widest text-slate-500">Your donation</p>
          <p className="mt-1 text-5xl font-bold tabular-nums text-navy-900" data-testid="donation-amount">
            {amount === null ? (
              <>
                <span aria-hidden>—</span>
                <span className="sr-only">Amount not known</span>
              </>
            ) : (
              formatPence(amount)
            )}
          </p>
          <p className="mt-4 text-lg text-slate-700">
            to <strong className="text-navy-900">{teamName}</strong>
          </p>
          {isFetching && !team ? (
            <Skeleton className="mx-auto mt-4 h-12 max-w-md" aria-busy="true" aria-label="Loading the team" />
          ) : (
            <p className="mx-auto mt-4 max-w-md text-slate-600">
              {team
                ? `Every pound goes to local charities in Jersey. Tell your friends and help ${team.teamName} reach ${rallySettings.destination} with a bigger total.`
                : knowsDonation
                  ? 'Every pound goes to local charities in Jersey. Tell your friends and help the teams reach ' +
                    `${rallySettings.destination} with a bigger total.`
                  : 'We could not tell which donation brought you here. If you have just given, thank you: your gift shows on the ' +
                    "team's page once it has been counted. Every pound goes to local charities in Jersey, and every team on the " +
                    'leaderboard would welcome your support.'}
            </p>
          )}
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <ShareButton size="lg" variant="primary" data={shareData} />
            <Link href="/leaderboard" className={buttonClass('outline', 'lg')}>
              <Trophy className="h-4 w-4" aria-hidden /> View Leaderboard
            </Link>
            <Link href="/" className={buttonClass('outline', 'lg')}>
              <Home className="h-4 w-4" aria-hidden /> Back to Home
            </Link>
          </div>
        </div>
      </Card>
    </section>
  );
}
