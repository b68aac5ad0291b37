import type { ReactNode } from 'react';
import { completedIn } from '@common/veterans';
import { useQueryClient } from '@tanstack/react-query';
import { Calendar, Car, User, Users } from 'lucide-react';
import { daysUntil } from '@common/countdown';
import { rallyDates } from '@common/rally-dates';
import { rallyFinished } from '@common/season-phase';
import { useSeasonStory } from '../../lib/season-story';
import { seasonNow } from '../../lib/season-clock';
import { ResultsLink } from '../../components/results-link';
import { useRallySettings } from '../../lib/rally-settings';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { CarImageUpload } from '../../components/car-image-upload';
import type { CoDriverStatus } from '@common/schemas/signup';
import type { MyDashboard, MyTeamView } from './api';
import { dashboardKeys } from '../../query-keys/dashboard';
import { EntryStatusCard } from './entry-status-card';
import { RallyOverCard } from './rally-over-card';

function InfoCard({ title, icon, children, extra }: { title: string; icon: ReactNode; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center gap-2">
        {icon}
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-2 text-sm">{children}</dl>
        {extra}
      </CardContent>
    </Card>
  );
}

function Row({ label, value }: { label: string; value?: ReactNode }) {
  if (value == null || value === '') return null;
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words font-medium text-slate-900">{value}</dd>
    </div>
  );
}

const iconClass = 'h-5 w-5 text-gold-500';

/** Days until the first rally day; on the road, which rally day; past the last day, the rally has finished (season-phase.ts). */
function Countdown() {
  const rallySettings = useRallySettings();
  const story = useSeasonStory();
  const days = daysUntil(rallySettings.rallyStart, seasonNow(), rallySettings.timeZone);
  const onTheRoad = story?.phase === 'on-the-road' ? story : null;
  return (
    <div className="rounded-2xl bg-navy-900 p-6 text-white shadow-sm">
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-gold-300">
        <Calendar className="h-4 w-4" aria-hidden /> {onTheRoad ? 'On the road' : 'Days until the rally'}
      </p>
      <p className="mt-2 text-5xl font-bold tabular-nums">{onTheRoad ? `Day ${onTheRoad.day} of ${onTheRoad.days}` : days}</p>
      <p className="mt-1 text-navy-100">
        {rallySettings.routeLabel}, {rallyDates(rallySettings)}
      </p>
      {story && rallyFinished(story) && (
        <p role="status" className="mt-2 font-semibold text-gold-300">
          The {rallySettings.year} rally has finished.{' '}
          <ResultsLink year={rallySettings.year} className="text-white underline underline-offset-2" />
        </p>
      )}
    </div>
  );
}

/**
 * Countdown and status: the first thing a rallier sees. The countdown is this season's; a team of
 * an earlier season sees only that its rally is over, never this season's place or deposit.
 */
export function CountdownAndStatus({ signup, payDeposit }: { signup: MyTeamView; payDeposit: ReactNode }) {
  const rallySettings = useRallySettings();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {signup.rallyYear === rallySettings.year && <Countdown />}
      {signup.rallyOver ? <RallyOverCard signup={signup} /> : <EntryStatusCard signup={signup} payDeposit={payDeposit} />}
    </div>
  );
}

function CarPhoto({ signup }: { signup: MyTeamView }) {
  const queryClient = useQueryClient();
  return (
    <div className="pt-2">
      {signup.carImageUrl ? (
        <img src={signup.carImageUrl} alt={`The car of ${signup.teamName}`} className="aspect-video w-full rounded-lg object-cover" />
      ) : (
        <p className="rounded-lg bg-slate-50 p-3 text-slate-600">No car photo yet.</p>
      )}
      {/* The car photo is the driver's to change, like the rest of the registration. */}
      {signup.role === 'driver' && (
        <div className="mt-3">
          <CarImageUpload
            signupId={signup.id}
            label={signup.carImageUrl ? 'Change Car Photo' : 'Upload Car Photo'}
            onUploaded={(carImageUrl) =>
              queryClient.setQueryData<MyDashboard>(dashboardKeys.mine, (d) =>
                d?.state === 'team' ? { ...d, team: { ...d.team, carImageUrl } } : d,
              )
            }
          />
        </div>
      )}
    </div>
  );
}

/** Where the driver's invitation to the co-driver stands. */
const invitationLabels: Record<CoDriverStatus, string> = {
  none: 'Not invited',
  invited: 'Invited, not yet accepted',
  joined: 'Joined the team',
  declined: 'Declined',
};

/** Team, driver, co-driver (only if named) and vehicle (only if make or model). */
export function TeamCards({ signup }: { signup: MyTeamView }) {
  const rallySettings = useRallySettings();
  const coDriverName = [signup.coDriverFirstName, signup.coDriverLastName].filter(Boolean).join(' ');
  const hasVehicle = Boolean(signup.carMake || signup.carModel);
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <InfoCard title="Team" icon={<Users className={iconClass} aria-hidden />} extra={<CarPhoto signup={signup} />}>
        <Row label="Team name" value={signup.teamName} />
        <Row label="Rally" value={`${signup.rallyYear}, ${rallySettings.routeLabel}`} />
      </InfoCard>
      <InfoCard title="Driver" icon={<User className={iconClass} aria-hidden />}>
        <Row label="Name" value={`${signup.driverFirstName} ${signup.driverLastName}`} />
        {/* The driver's contact details are in the driver's view only (the server sends the co-driver none). */}
        {signup.role === 'driver' && (
          <>
            <Row label="Email" value={signup.driverEmail} />
            <Row label="Phone" value={signup.driverPhone} />
          </>
        )}
        <Row label="Completed in..." value={completedIn(signup.veteranYears.driver) ?? undefined} />
      </InfoCard>
      {coDriverName && (
        <InfoCard title="Co-Driver" icon={<User className={iconClass} aria-hidden />}>
          <Row label="Name" value={coDriverName} />
          <Row label="Email" value={signup.coDriverEmail} />
          <Row label="Phone" value={signup.coDriverPhone} />
          {signup.role === 'driver' && <Row label="Invitation" value={invitationLabels[signup.coDriverStatus]} />}
          <Row label="Completed in..." value={completedIn(signup.veteranYears.coDriver) ?? undefined} />
        </InfoCard>
      )}
      {hasVehicle && (
        <InfoCard title="Vehicle" icon={<Car className={iconClass} aria-hidden />}>
          <Row label="Car" value={[signup.carMake, signup.carModel].filter(Boolean).join(' ')} />
          <Row label="Year" value={signup.carYear ?? undefined} />
          <Row label="Registration" value={signup.carRegistration} />
        </InfoCard>
      )}
    </div>
  );
}
