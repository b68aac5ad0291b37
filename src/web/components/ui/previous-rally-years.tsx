import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { usePastRallyMenu } from '../../lib/past-rallies';

/** "Which years?": one checkbox per past rally, for the registration form and the dashboard alike. */
export function PreviousRallyYears({ registration, className }: { registration: UseFormRegisterReturn; className?: string }) {
  const { data, isError } = usePastRallyMenu();
  // Oldest first, as a form lists years.
  const pastYears = data?.map((r) => r.year).sort((a, b) => a - b);
  return (
    <fieldset className={className}>
      <legend className="text-sm text-slate-600">Which years?</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {!pastYears && (
          <p className="text-sm text-slate-600">{isError ? 'The past rallies could not be loaded.' : 'Loading the past rallies...'}</p>
        )}
        {pastYears?.map((year) => (
          <label
            key={year}
            className={cn(
              'flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm',
              'has-[:checked]:border-navy-700 has-[:checked]:bg-navy-50',
            )}
          >
            <input type="checkbox" value={year} className="accent-navy-800" {...registration} />
            {year}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
