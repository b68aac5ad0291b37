import { useId, type ReactNode } from 'react';
import { ExternalLink, Link2 } from 'lucide-react';
import { useRallySettings } from '../../lib/rally-settings';
import { Button, buttonClass } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../lib/toast';
import { LinkField } from '../../components/link-field';
import { ShareButton } from '../../components/share-button';
import { copyText, donatePageUrl } from '../../lib/share';
import type { MyTeamView } from './api';

/**
 * The team's public donate page, one tap from the dashboard: its link to copy or hand to the
 * phone's share sheet, the first thing a team does to raise money.
 */
/** `followerCount` is the followers feature's count, passed in by the page. */
export function MyDonatePage({ signup, followerCount }: { signup: MyTeamView; followerCount: ReactNode }) {
  const rallySettings = useRallySettings();
  const titleId = useId();
  if (signup.status === 'withdrawn') return null;
  const url = donatePageUrl(signup.id);
  const copy = async () => {
    if (await copyText(url)) toast({ title: 'Link Copied!', description: 'Paste it anywhere to ask for sponsorship.' });
    else toast({ title: 'Could not copy the link', description: 'Select the link above and copy it by hand.', variant: 'destructive' });
  };
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2 text-xl">
          <Link2 className="h-5 w-5 text-gold-500" aria-hidden /> My donate page
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-slate-600">
          Send this link to friends, family and sponsors: it shows your progress and every way to give.
        </p>
        <LinkField url={url} label="Your donate page" />
        {followerCount}
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => void copy()}>Copy link</Button>
          <ShareButton
            data={() => ({
              title: `Sponsor ${signup.teamName}`,
              text: `Please sponsor ${signup.teamName} on the ${rallySettings.productName} ${rallySettings.year}, raising money for Jersey charities.`,
              url,
            })}
          />
          <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass('ghost')}>
            Open <ExternalLink className="h-4 w-4" aria-hidden />
            <span className="sr-only">your donate page (opens in a new tab)</span>
          </a>
        </div>
      </CardContent>
    </Card>
  );
}
