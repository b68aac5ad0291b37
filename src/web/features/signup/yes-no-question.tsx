import { cn } from '../../lib/cn';

export type YesNo = 'unanswered' | 'yes' | 'no';

/**
 * A section's opening question. Yes reveals the optional fields; No shows the spec's note.
 * Native radios, so arrow keys and screen readers work as people expect.
 */
export function YesNoQuestion({
  name,
  question,
  value,
  onChange,
}: {
  name: string;
  question: string;
  value: YesNo;
  onChange: (v: YesNo) => void;
}) {
  return (
    <fieldset className="sm:col-span-2">
      <legend className="text-base font-semibold text-navy-900">{question}</legend>
      <div className="mt-3 flex gap-3">
        {(['yes', 'no'] as const).map((option) => (
          <label
            key={option}
            className={cn(
              'flex h-11 min-w-24 cursor-pointer items-center justify-center gap-2 rounded-lg border px-5 text-sm font-semibold transition-colors has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-400',
              value === option ? 'border-navy-800 bg-navy-800 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {option === 'yes' ? 'Yes' : 'No'}
          </label>
        ))}
      </div>
      {value === 'no' && <p className="mt-3 rounded-lg bg-navy-50 px-4 py-3 text-sm text-navy-800">OK, we&apos;ll check back later</p>}
    </fieldset>
  );
}
