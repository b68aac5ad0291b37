import type { RallySettings } from './schemas/rally-settings';

type Minimums = Pick<RallySettings, 'minimumFundraisingPerTeam'>;

/** Every team's target unless it sets a higher one (pence): the rally's minimum per team. */
export const defaultTeamTarget = (rally: Minimums): number => rally.minimumFundraisingPerTeam * 100;
/** The whole event's goal (pence). */
export const eventGoal = (rally: Pick<RallySettings, 'eventFundraisingGoal'>): number => rally.eventFundraisingGoal * 100;
/** A team target above this is a typing slip (pence): £1,000,000. */
export const MAX_TEAM_TARGET = 100_000_000;

/** The target a team is measured against: its own, or the rally's minimum. */
export function teamTarget(own: number | null | undefined, rally: Minimums): number {
  const minimum = defaultTeamTarget(rally);
  return own && own > minimum ? own : minimum;
}

/** Whole percent of the target reached, capped at 100 for the bar (the text shows the real sum). */
export function progressPercent(raised: number, target: number): number {
  if (target <= 0) return 100;
  return Math.min(100, Math.floor((raised / target) * 100));
}

/** The reference a donor puts on a bank transfer for this team, e.g. "RALLY-12". */
export function bankReference(teamId: number, rally: Pick<RallySettings, 'offlineGiving'>): string {
  return `${rally.offlineGiving.referencePrefix}-${teamId}`;
}

type LedgerLine = { amount: number; source: string; paymentMethod: string };

/**
 * A team's total from its ledger lines: once the JustGiving sync has read the team's page (its
 * `justgiving` line), JustGiving gifts typed in by the team or an organiser are inside that total
 * and count no more.
 * The server's sums follow the same rule (src/server/services/donation-totals.ts).
 */
export function countedTotal(lines: readonly LedgerLine[]): number {
  return countedLines(lines).reduce((sum, l) => sum + l.amount, 0);
}

/** One team's ledger lines that count in its total (see countedTotal). */
export function countedLines<T extends LedgerLine>(lines: readonly T[]): T[] {
  const synced = lines.some((l) => l.source === 'justgiving');
  return synced ? lines.filter((l) => !(l.source !== 'justgiving' && l.paymentMethod === 'justgiving')) : [...lines];
}
