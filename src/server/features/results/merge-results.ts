import type { ResultEntry } from '../../../common/schemas/results';

/** A car number is empty when the result was filled from the treasure hunt and the organisers have not typed it yet. */
export type StoredResult = { rank: number; carNumber: number | null; score: number | null };
export type Rejection = { index: number; field: 'signupId' | 'rank' | 'carNumber'; message: string };

const labels = { rank: 'Rank', carNumber: 'Car number' } as const;

/**
 * The year's results after applying `entries` over `current` (signup id -> result), taken together
 * so two teams can swap ranks in one save. An entry is rejected when its team is not one of the
 * year's, when the same team is listed twice, or when its rank or car number would be shared with
 * another team; what is left is applied and checked again until every rank and car number is unique.
 */
export function mergeResults(
  teamNames: ReadonlyMap<number, string>,
  current: ReadonlyMap<number, StoredResult>,
  entries: readonly ResultEntry[],
): { next: Map<number, StoredResult>; rejected: Rejection[] } {
  const rejected: Rejection[] = [];
  const seen = new Set<number>();
  let accepted: number[] = [];
  entries.forEach((e, index) => {
    if (!teamNames.has(e.signupId)) rejected.push({ index, field: 'signupId', message: 'That team is not one of the teams of this year' });
    else if (seen.has(e.signupId)) rejected.push({ index, field: 'signupId', message: `${teamNames.get(e.signupId)} is listed twice` });
    else {
      seen.add(e.signupId);
      accepted.push(index);
    }
  });
  for (;;) {
    const next = new Map(current);
    const fromEntry = new Map<number, number>();
    for (const index of accepted) {
      const { signupId, rank, carNumber, score } = entries[index]!;
      if (rank === null || carNumber === null) next.delete(signupId);
      else next.set(signupId, { rank, carNumber, score });
      fromEntry.set(signupId, index);
    }
    const clashes = new Map<number, Rejection>();
    for (const field of ['rank', 'carNumber'] as const) {
      const holders = new Map<number, number[]>();
      for (const [id, r] of next) {
        const value = r[field];
        if (value !== null) holders.set(value, [...(holders.get(value) ?? []), id]);
      }
      for (const [value, ids] of holders) {
        if (ids.length < 2) continue;
        for (const id of ids) {
          const index = fromEntry.get(id);
          if (index === undefined || clashes.has(index)) continue;
          const others = ids.filter((o) => o !== id).map((o) => teamNames.get(o) ?? `team ${o}`);
          clashes.set(index, { index, field, message: `${labels[field]} ${value} is also given to ${others.join(' and ')}` });
        }
      }
    }
    if (!clashes.size) return { next, rejected: rejected.sort((a, b) => a.index - b.index) };
    rejected.push(...clashes.values());
    accepted = accepted.filter((i) => !clashes.has(i));
  }
}

export type ImportCandidate = { line: number; teamName: string; entry: ResultEntry & { rank: number; carNumber: number } };

/**
 * A results file read in order: it replaces the results of the teams it names, so a corrected file
 * may reshuffle ranks. A row is skipped when its team already had a row accepted above it, or when
 * its rank or car number is held by another team (an earlier row, or a team the file leaves alone).
 * A team whose every row was skipped keeps its earlier result when that still fits.
 */
export function planImport<C extends ImportCandidate>(
  teamNames: ReadonlyMap<number, string>,
  current: ReadonlyMap<number, StoredResult>,
  candidates: readonly C[],
): { next: Map<number, StoredResult>; ids: number[]; accepted: C[]; skipped: { line: number; reason: string }[] } {
  const ids = [...new Set(candidates.map((c) => c.entry.signupId))];
  const next = new Map([...current].filter(([id]) => !ids.includes(id)));
  const acceptedAt = new Map<number, number>();
  const accepted: C[] = [];
  const skipped: { line: number; reason: string }[] = [];
  const clash = (id: number, r: StoredResult) => {
    for (const [other, o] of next) {
      if (other === id) continue;
      if (o.rank === r.rank) return `Rank ${r.rank} is also given to ${teamNames.get(other) ?? `team ${other}`}`;
      if (o.carNumber !== null && o.carNumber === r.carNumber)
        return `Car number ${r.carNumber} is also given to ${teamNames.get(other) ?? `team ${other}`}`;
    }
    return null;
  };
  for (const c of candidates) {
    const { signupId, rank, carNumber, score } = c.entry;
    const earlier = acceptedAt.get(signupId);
    if (earlier !== undefined) {
      skipped.push({ line: c.line, reason: `${c.teamName} was already matched on line ${earlier}` });
      continue;
    }
    const problem = clash(signupId, { rank, carNumber, score });
    if (problem) {
      skipped.push({ line: c.line, reason: `${c.teamName}: ${problem}` });
      continue;
    }
    next.set(signupId, { rank, carNumber, score });
    acceptedAt.set(signupId, c.line);
    accepted.push(c);
  }
  for (const id of ids) {
    const before = current.get(id);
    if (acceptedAt.has(id) || !before) continue;
    if (!clash(id, before)) next.set(id, before);
  }
  return { next, ids, accepted, skipped };
}
