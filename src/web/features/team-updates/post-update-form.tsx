import { useId, useState, type FormEvent } from 'react';
import { TEAM_UPDATE_MAX } from '@common/team-update-limits';
import { Button } from '../../components/ui/button';
import { FieldError, Label, Textarea } from '../../components/ui/input';
import { ReadyFields } from '../../components/ui/ready-fields';
import { CAR_IMAGE_ACCEPT, carImageProblem } from '../../lib/upload-car-image';
import type { NewTeamUpdate } from './api';

type Props = {
  /**
   * Sends (or queues) the update. The clientId stays the same until this resolves, so a retry
   * after a failure is the same update; the form clears once it resolves.
   */
  onSubmit: (update: NewTeamUpdate) => Promise<unknown>;
  /** The button's words while sending, e.g. "Queued" for the rally app without signal. */
  pendingLabel?: string;
};

/**
 * The team's short update from the road: up to 500 characters and a photo if they like. It only
 * collects and checks; `onSubmit` sends it (the rally app queues it).
 */
export function PostUpdateForm({ onSubmit, pendingLabel = 'Posting…' }: Props) {
  const id = useId();
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const [body, setBody] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const words = body.trim();
    const problem = !words
      ? 'Please write your update.'
      : words.length > TEAM_UPDATE_MAX
        ? `An update can be at most ${TEAM_UPDATE_MAX} characters.`
        : photo
          ? carImageProblem(photo)
          : null;
    setError(problem);
    if (problem) return;
    setSending(true);
    try {
      await onSubmit({ clientId, body: words, ...(photo ? { photo } : {}) });
      setBody('');
      setPhoto(null);
      setFileKey((k) => k + 1);
      setClientId(crypto.randomUUID());
    } catch (e) {
      setError(e instanceof Error ? `Not posted: ${e.message}` : 'Not posted. Please try again.');
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Post an update">
      <ReadyFields className="space-y-3">
        <div>
          <Label htmlFor={`${id}-body`}>Your update</Label>
          <Textarea
            id={`${id}-body`}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            rows={3}
            maxLength={TEAM_UPDATE_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          />
          <p id={`${id}-count`} className="mt-1 text-xs text-slate-500">
            {body.length} of {TEAM_UPDATE_MAX} characters
          </p>
        </div>
        <div>
          <Label htmlFor={`${id}-photo`}>Photo (optional)</Label>
          <input
            key={fileKey}
            id={`${id}-photo`}
            type="file"
            accept={CAR_IMAGE_ACCEPT}
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
            className="block w-full text-sm"
          />
        </div>
        <FieldError id={`${id}-error`} message={error ?? undefined} />
        <Button type="submit" disabled={sending}>
          {sending ? pendingLabel : 'Post update'}
        </Button>
      </ReadyFields>
    </form>
  );
}
