import { formatPence } from '../../../common/money';
import { rallyDate, rallyDayTime, zonePlaceName, zoneAbbreviation } from '../../../common/rally-time';
import type { RallySettings } from '../../../common/schemas/rally-settings';
import type { Config } from '../../config';
import { emailLayout, type Block } from '../../services/email-layout';
import { siteLink } from '../../services/site-links';

export type MailUpdate = { body: string; photoUrl: string | null; madeAt: Date };
export type MailTeam = { id: number; teamName: string; donationTotal: number; target: number };
type Rally = Pick<RallySettings, 'timeZone' | 'productName' | 'rallyStart' | 'rallyEnd'>;

/** "Day 2 of the rally" for a moment within the rally's days (in its zone), else nothing. */
function rallyDayOf(at: Date, rally: Rally): string | null {
  const day = rallyDate(at, rally.timeZone);
  if (day < rally.rallyStart || day > rally.rallyEnd) return null;
  const n = Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${rally.rallyStart}T00:00:00Z`)) / 86_400_000) + 1;
  return `Day ${n} of the rally`;
}

/** "Sat 12 Sep, 14:05 Paris time (CEST), day 2 of the rally": when it was made, the zone named. */
export function madeWhen(at: Date, rally: Rally): string {
  const zone = `${zonePlaceName(rally.timeZone)} (${zoneAbbreviation(rally.timeZone, at)})`;
  const day = rallyDayOf(at, rally);
  return `${rallyDayTime(at, rally.timeZone)} ${zone}${day ? `, ${day.toLowerCase()}` : ''}`;
}

const absolute = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, url: string) => (url.startsWith('/') ? siteLink(config, url) : url);

function updateBlocks(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, u: MailUpdate, team: MailTeam, rally: Rally): Block[] {
  return [
    { heading: `Posted ${madeWhen(u.madeAt, rally)}` },
    u.body,
    ...(u.photoUrl ? [{ image: absolute(config, u.photoUrl), alt: `Photo from ${team.teamName}` }] : []),
  ];
}

function donateBlocks(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, team: MailTeam): Block[] {
  const progress =
    team.target > 0
      ? `${team.teamName} has raised ${formatPence(team.donationTotal)} of its ${formatPence(team.target)} target.`
      : `${team.teamName} has raised ${formatPence(team.donationTotal)} so far.`;
  return [progress, { button: `Donate to ${team.teamName}`, href: siteLink(config, `/donate/${team.id}`) }];
}

/** The e-mail of one update: its words, photo and time, then the team's progress and a Donate button. */
export function updateMessage(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>, u: MailUpdate, team: MailTeam, rally: Rally) {
  return {
    subject: `${team.teamName}: news from the road`,
    ...emailLayout({
      title: `${team.teamName} on the road`,
      greeting: 'Hello,',
      body: [...updateBlocks(config, u, team, rally), ...donateBlocks(config, team)],
    }),
  };
}

/** The daily digest: the day's updates, oldest first, then one Donate button. */
export function digestMessage(
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>,
  updates: MailUpdate[],
  team: MailTeam,
  rally: Rally,
  day: string,
) {
  return {
    subject: `${team.teamName}: ${updates.length === 1 ? 'one update' : `${updates.length} updates`} from the road`,
    ...emailLayout({
      title: `${team.teamName} on ${day}`,
      greeting: 'Hello,',
      body: [...updates.flatMap((u) => updateBlocks(config, u, team, rally)), ...donateBlocks(config, team)],
    }),
  };
}

export type MailResult = { year: number; rank: number | null; teamsRanked: number; score: number | null };

const ordinalRules = new Intl.PluralRules('en-GB', { type: 'ordinal' });
const ordinalSuffix: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
/** 1st, 2nd, 3rd, 11th… */
export const ordinal = (n: number) => `${n}${ordinalSuffix[ordinalRules.select(n)] ?? 'th'}`;

/** The team's finish and final place, once its results are published, then its progress and a Donate button. */
export function resultsMessage(
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>,
  result: MailResult,
  team: MailTeam,
  rally: Pick<Rally, 'productName'>,
) {
  const edition = `the ${rally.productName} ${result.year}`;
  const score = result.score === null ? '' : `, with ${result.score} ${result.score === 1 ? 'point' : 'points'}`;
  const finish =
    result.rank === null
      ? `${team.teamName} took part in ${edition}${score}. The results are published.`
      : `${team.teamName} finished ${edition} in ${ordinal(result.rank)} place out of ${result.teamsRanked} ${result.teamsRanked === 1 ? 'team' : 'teams'}${score}.`;
  return {
    subject: result.rank === null ? `${team.teamName}: the results are out` : `${team.teamName} finished ${ordinal(result.rank)}`,
    ...emailLayout({
      title: `${team.teamName}: the results`,
      greeting: 'Hello,',
      body: [
        finish,
        `All the results: ${siteLink(config, `/rally/${result.year}`)}`,
        ...donateBlocks(config, team),
        'Your follow of this team ends with this e-mail, unless you chose to keep hearing about the team.',
      ],
    }),
  };
}
