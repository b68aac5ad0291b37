import { useRallySettings } from '../lib/rally-settings';
import { useSeasonStory } from '../lib/season-story';
import { signupPossible } from '@common/season-phase';
import { rallyDates } from '@common/rally-dates';
import { SignupForm } from '../features/signup/signup-form';
import { PayDepositButton } from '../features/deposits';
import { RetentionNote } from '../features/privacy';
import { useDocumentTitle } from '../lib/use-document-title';

function Intro() {
  const rallySettings = useRallySettings();
  const story = useSeasonStory();
  // A season being prepared has only last season's facts, copied: none is shown as this one's.
  const preparing = story?.phase === 'preparing';
  return (
    <header className="mb-8 text-center">
      {!preparing && (
        <p className="text-sm font-semibold uppercase tracking-widest text-navy-600">
          {rallySettings.routeLabel} · {rallyDates(rallySettings)}
        </p>
      )}
      <h1 className="mt-2 text-3xl font-bold text-navy-900 sm:text-4xl">{rallySettings.year} Team Registration</h1>
      {/* Only while the form takes a team: closed or over, the box below says why it does not. */}
      {story && signupPossible(story) && (
        <p className="mx-auto mt-3 max-w-xl text-slate-700">
          Register your car for the {rallySettings.edition} {rallySettings.productName}. You do not need an account to register.
        </p>
      )}
    </header>
  );
}

export default function SignupPage() {
  const rallySettings = useRallySettings();
  useDocumentTitle(`Team Registration ${rallySettings.year}`);
  return (
    <div className="bg-navy-50/60">
      <section className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <SignupForm intro={<Intro />} payDeposit={<PayDepositButton />} retentionNote={<RetentionNote />} />
      </section>
    </div>
  );
}
