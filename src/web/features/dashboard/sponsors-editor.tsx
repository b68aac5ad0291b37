import { useState } from 'react';
import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { sponsorSchema, type Sponsor } from '@common/schemas/signup';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { FieldError, Input, Label } from '../../components/ui/input';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useUpdateMyTeam, type MyTeamView } from './api';
import { mayChangeTeamRecord, recordedByLine } from '@common/team-records';

/**
 * The team's sponsors, saved the moment one is added or removed (no separate Save to forget).
 * Adding needs both a name and a URL. A co-driver can remove only the sponsors they added.
 */
export function SponsorsEditor({ signup }: { signup: MyTeamView }) {
  const update = useUpdateMyTeam();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const save = (sponsors: Sponsor[], done: string, after?: () => void) =>
    update.mutate(
      { sponsors },
      {
        onSuccess: () => {
          after?.();
          toast({ title: done });
        },
        onError: (error) =>
          toast({ title: 'Error', description: errorMessage(error, 'Failed to save the sponsors'), variant: 'destructive' }),
      },
    );

  function add() {
    if (!name.trim() || !url.trim()) return setProblem('Please enter both a sponsor name and a URL.');
    const parsed = sponsorSchema.safeParse({ name, url: url.trim() });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Must be a valid URL');
    setProblem(null);
    save([...signup.sponsors, parsed.data], 'Sponsor added', () => {
      setName('');
      setUrl('');
    });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Sponsors</CardTitle>
        <p className="text-sm text-slate-600">Sponsors show on your team&apos;s donate page. Each one is saved as soon as you add it.</p>
      </CardHeader>
      <CardContent>
        {signup.sponsors.length === 0 ? (
          <p className="text-sm text-slate-600">No sponsors added yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Sponsors">
            {signup.sponsors.map((s, i) => (
              <li key={`${s.name}-${s.url}-${i}`} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex min-w-0 items-center gap-1 font-medium text-navy-700 hover:underline"
                >
                  <span className="truncate">{s.name}</span>
                  <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
                </a>
                <span className="flex shrink-0 items-center gap-2">
                  {/* Who added it, when the team has two people to tell apart. */}
                  {(signup.role === 'co-driver' || (s.recordedBy ?? 'driver') !== 'driver') && (
                    <span className="text-xs font-medium text-slate-600">{recordedByLine(signup.role, s.recordedBy ?? 'driver')}</span>
                  )}
                  {mayChangeTeamRecord(signup.role, s.recordedBy ?? 'driver') && (
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={update.isPending}
                      onClick={() =>
                        save(
                          signup.sponsors.filter((_, j) => j !== i),
                          'Sponsor removed',
                        )
                      }
                      aria-label={`Remove sponsor ${s.name}`}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden /> Remove
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <div>
            <Label htmlFor="sponsor-name">Sponsor name</Label>
            <Input
              id="sponsor-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-describedby={problem ? 'sponsor-error' : undefined}
            />
          </div>
          <div>
            <Label htmlFor="sponsor-url">Sponsor URL</Label>
            <Input
              id="sponsor-url"
              type="url"
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              aria-describedby={problem ? 'sponsor-error' : undefined}
            />
          </div>
          <Button variant="secondary" onClick={add} disabled={update.isPending}>
            <Plus className="h-4 w-4" aria-hidden /> {update.isPending ? 'Saving...' : 'Add Sponsor'}
          </Button>
        </div>
        <FieldError id="sponsor-error" message={problem ?? undefined} />
      </CardContent>
    </Card>
  );
}
