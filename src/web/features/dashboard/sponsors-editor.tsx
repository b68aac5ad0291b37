import { useState } from 'react';
import { useFieldArray, type Control } from 'react-hook-form';
import { ExternalLink, Plus, Trash2 } from 'lucide-react';
import { sponsorSchema } from '@common/schemas/signup';
import { Button } from '../../components/ui/button';
import { FieldError, Input, Label } from '../../components/ui/input';
import type { DetailsInput } from './details-form';

/** The team's sponsors: add needs both a name and a URL; each can be removed. Saved with the form. */
export function SponsorsEditor({ control }: { control: Control<DetailsInput, unknown, any> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'sponsors' });
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function add() {
    if (!name.trim() || !url.trim()) return setProblem('Please enter both a sponsor name and a URL.');
    const parsed = sponsorSchema.safeParse({ name, url: url.trim() });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Must be a valid URL');
    append(parsed.data);
    setName('');
    setUrl('');
    setProblem(null);
  }

  return (
    <div className="sm:col-span-2">
      <h3 className="text-base font-semibold text-navy-900">Sponsors</h3>
      {fields.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No sponsors added yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Sponsors">
          {fields.map((s, i) => (
            <li key={s.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <a
                href={s.url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex min-w-0 items-center gap-1 font-medium text-navy-700 hover:underline"
              >
                <span className="truncate">{s.name}</span>
                <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
              </a>
              <Button variant="ghost" size="sm" onClick={() => remove(i)} aria-label={`Remove sponsor ${s.name}`}>
                <Trash2 className="h-4 w-4" aria-hidden /> Remove
              </Button>
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
        <Button variant="secondary" onClick={add}>
          <Plus className="h-4 w-4" aria-hidden /> Add Sponsor
        </Button>
      </div>
      <FieldError id="sponsor-error" message={problem ?? undefined} />
    </div>
  );
}
