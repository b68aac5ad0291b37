import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input, Label } from '../../../components/ui/input';
import { ReadyFields } from '../../../components/ui/ready-fields';
import { phonePosition } from '../../../lib/phone-position';
import { actStamp } from '../act-stamp';
import { useRallyQueue } from '../rally-queue';

/**
 * A text clue's answer: stamped with its id and time when the team sends it, with the phone's
 * position when it gives one, and kept on the phone until the site has it.
 */
export function AnswerForm({ clueId }: { clueId: number }) {
  const { add } = useRallyQueue();
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [noPosition, setNoPosition] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = text.trim();
    if (!answer) return setProblem('Please type your answer.');
    setProblem(null);
    setBusy(true);
    const stamp = actStamp();
    const position = await phonePosition();
    await add({ kind: 'answer', ...stamp, clueId, text: answer, ...(position ? { position } : {}) });
    setNoPosition(!position);
    setText('');
    setBusy(false);
  }

  return (
    <form onSubmit={submit} noValidate>
      <ReadyFields className="space-y-2">
        <Label htmlFor={`${id}-answer`}>Your answer</Label>
        <Input
          id={`${id}-answer`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={500}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="h-12 text-base"
        />
        {problem && (
          <p id={`${id}-problem`} className="text-sm text-rally-600">
            {problem}
          </p>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Sending…' : 'Send answer'}
        </Button>
        {noPosition && <p className="text-sm text-slate-600">Your phone gave no position, so the answer went without it.</p>}
      </ReadyFields>
    </form>
  );
}
