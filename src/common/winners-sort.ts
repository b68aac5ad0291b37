import type { WinnerRecord } from './schemas/winners';

export type WinnerSortField = 'year' | 'destination' | 'winners' | 'teamName';
export type SortDirection = 'asc' | 'desc';
export type WinnerSort = { field: WinnerSortField; direction: SortDirection };

/** Spec section 4: the table starts sorted by year, newest first. */
export const defaultWinnerSort: WinnerSort = { field: 'year', direction: 'desc' };

/** Clicking the active column toggles its direction; another column is selected ascending. */
export function nextWinnerSort(current: WinnerSort, field: WinnerSortField): WinnerSort {
  if (current.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}

/** Numbers compare as numbers, everything else as text (locale-aware, case-insensitive). */
export function sortWinners(list: readonly WinnerRecord[], sort: WinnerSort): WinnerRecord[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => {
    const x = a[sort.field];
    const y = b[sort.field];
    const order =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y), 'en-GB', { sensitivity: 'base' });
    return order * sign;
  });
}
