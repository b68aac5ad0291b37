import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HuntFillAnswer, HuntResults, PublishAnswer, ResultEntry, ResultsImport, YearResults } from '@common/schemas/results';
import { getJson, okOrThrow, sendJson } from '../../lib/api';
import { refetchPastRallies } from '../../lib/past-rallies';
import { winnersKey } from '../../lib/winners';
import { resultsKeys } from '../../query-keys/results';

/** The years with a rally, newest first: the only years the results screen offers. */
export const resultsYearsQuery = () =>
  queryOptions({
    queryKey: resultsKeys.years,
    queryFn: () => getJson<number[]>('/api/admin/results/years'),
    // Read again each time the screen opens: a rally added on Rally history adds its year.
    staleTime: 0,
  });
export const useResultsYears = () => useQuery(resultsYearsQuery());

/** A year's teams with their results, for the organisers' results table. */
export const yearResultsQuery = (year: number) =>
  queryOptions({ queryKey: resultsKeys.year(year), queryFn: () => getJson<YearResults>(`/api/admin/results/${year}`) });
export const useYearResults = (year: number) => useQuery(yearResultsQuery(year));

/** Saves one row or the whole table; the answer is the year's table as stored. */
export function useSaveResults(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (results: ResultEntry[]) => sendJson<YearResults>('PUT', `/api/admin/results/${year}`, { results }),
    onSuccess: (answer) => queryClient.setQueryData(resultsKeys.year(year), answer),
  });
}

/** A multipart upload, so not the JSON helper; a failure raises an ApiError the same way. */
async function importFile(year: number, file: File): Promise<ResultsImport> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`/api/admin/results/${year}/import`, { method: 'POST', credentials: 'include', body: form });
  return (await okOrThrow(res)).json();
}

export function useImportResults(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importFile(year, file),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resultsKeys.year(year) }),
  });
}

/** "Publish results": the historic database, the winners table and the rally history change, so their lists are read again. */
export function usePublishResults(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<PublishAnswer>('POST', `/api/admin/results/${year}/publish`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resultsKeys.year(year) }),
        queryClient.invalidateQueries({ queryKey: winnersKey }),
        refetchPastRallies(queryClient),
      ]),
  });
}

/** What the treasure hunt's final standings would give each team, and from when they can be filled. */
export const huntResultsQuery = (year: number) =>
  queryOptions({ queryKey: resultsKeys.hunt(year), queryFn: () => getJson<HuntResults>(`/api/admin/results/${year}/hunt`) });
export const useHuntResults = (year: number) => useQuery(huntResultsQuery(year));

/** "Fill from the treasure hunt"; `replace` once the organiser agreed to overwrite results already there. */
export function useFillFromHunt(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (replace: boolean) => sendJson<HuntFillAnswer>('POST', `/api/admin/results/${year}/hunt`, { replace }),
    onSuccess: (answer) => queryClient.setQueryData(resultsKeys.year(year), answer.results),
  });
}
