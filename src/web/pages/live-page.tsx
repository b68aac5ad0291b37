import type { ReactNode } from 'react';
import { Card } from '../components/ui/card';
import { useRallySettings } from '../lib/rally-settings';
import { useDocumentTitle } from '../lib/use-document-title';
import { PageHeader } from '../features/fundraising/page-header';
import { LiveMap, StandingsBoard, useLiveQueryInvalidation } from '../features/live';
import { DonateLink, UpdatesFeed } from '../features/team-updates';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card className="p-4 sm:p-5" aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-xl font-bold text-navy-900">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/**
 * /live: the rally as it happens, for supporters. The treasure hunt's standings, the map of the
 * teams sharing their position (late and rounded) and the teams' updates, each kept fresh by the
 * live event stream (one per page) without reloading.
 */
export default function LivePage() {
  const rallySettings = useRallySettings();
  useDocumentTitle('Live Rally');
  useLiveQueryInvalidation();
  return (
    <>
      <PageHeader eyebrow={`${rallySettings.productName} ${rallySettings.year}`} title="Live Rally">
        <p>Follow the teams on the road to {rallySettings.destination}: the treasure hunt's scores, where they are and their news.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:py-10 lg:grid-cols-2">
        <div className="space-y-6">
          <Section id="live-standings" title="Standings">
            <StandingsBoard />
          </Section>
          <Section id="live-map" title="Where the teams are">
            <LiveMap />
          </Section>
        </div>
        <Section id="live-updates" title="Updates from the road">
          <UpdatesFeed
            signupId={null}
            donate={(u) => <DonateLink update={u} />}
            empty="Teams post news and photos here from the road during the rally. None has been posted yet."
          />
        </Section>
      </div>
    </>
  );
}
