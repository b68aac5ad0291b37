import type { ControlRoom, ControlRoomTeam } from '@common/schemas/control-room';
import { cn } from '../../lib/cn';
import { mapLink } from '@common/map-link';
import { rallyTime } from '@common/rally-time';
import { timeAgo } from './time-ago';

/** A small flag beside the team's name (the shared Badge's colours would win over these). */
const flag = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold';

function TeamCard({ team, timeZone }: { team: ControlRoomTeam; timeZone: string }) {
  const where = team.lastPosition;
  return (
    <li
      className={cn('rounded-lg border p-3', team.silent ? 'border-amber-500 bg-amber-50' : 'border-slate-200 bg-white')}
      aria-label={team.teamName}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-bold text-navy-900">{team.teamName}</h3>
        {team.openSos > 0 && <span className={`${flag} bg-rally-600 text-white`}>SOS</span>}
        {team.silent && <span className={`${flag} bg-amber-400 text-navy-950`}>Silent</span>}
        {team.allOkMissing && <span className={`${flag} bg-amber-200 text-navy-950`}>No All OK tonight</span>}
      </div>
      <p className="text-sm text-slate-600">Driver: {team.driverName}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Last contact</dt>
        <dd>{team.lastContactAt ? `${rallyTime(team.lastContactAt, timeZone)} (${timeAgo(team.lastContactAt)})` : 'Never'}</dd>
        <dt className="text-slate-500">Last position</dt>
        <dd>
          {where ? (
            <>
              <a className="font-mono underline" href={mapLink(where.lat, where.lng)} target="_blank" rel="noreferrer">
                {where.lat.toFixed(4)}, {where.lng.toFixed(4)}
              </a>{' '}
              <span className="text-slate-500">
                ({where.source}, at {rallyTime(where.at, timeZone)}, {timeAgo(where.at)})
              </span>
            </>
          ) : (
            'None'
          )}
        </dd>
        <dt className="text-slate-500">Clues scored</dt>
        <dd>
          {team.cluesAnsweredToday} today, {team.cluesAnswered} in all
        </dd>
        <dt className="text-slate-500">All OK tonight</dt>
        <dd>{team.allOkTonight ? `Yes, at ${rallyTime(team.allOkTonight, timeZone)}` : 'Not yet'}</dd>
      </dl>
    </li>
  );
}

/** Every team holding a place: silent ones (not heard from for the setting's hours) first. */
export function TeamCards({ room }: { room: ControlRoom }) {
  if (!room.teams.length) return <p className="text-sm text-slate-600">No team holds a place in this year’s rally.</p>;
  const teams = [...room.teams].sort((a, b) => Number(b.openSos > 0) - Number(a.openSos > 0) || Number(b.silent) - Number(a.silent));
  const silent = room.teams.filter((t) => t.silent).length;
  const allOk = room.teams.filter((t) => t.allOkTonight).length;
  const missing = room.teams.filter((t) => t.allOkMissing);
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">
        {room.teams.length} teams · {silent} silent for {room.silentHours} h or more · {allOk} All OK tonight
      </p>
      {missing.length > 0 && (
        <p role="status" className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-navy-950">
          <strong>
            No All OK tonight by {String(room.allOkEveningHour).padStart(2, '0')}:00 ({missing.length}):
          </strong>{' '}
          {missing.map((t) => t.teamName).join(', ')}
        </p>
      )}
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {teams.map((team) => (
          <TeamCard key={team.signupId} team={team} timeZone={room.timeZone} />
        ))}
      </ul>
    </>
  );
}
