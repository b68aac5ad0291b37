import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WinnerFields, WinnerRecord } from '@common/schemas/winners';
import type { OkAnswer } from '@common/schemas/answers';
import { sendJson } from '../../lib/api';
import { winnersKey } from '../../lib/winners';

/** An organiser's change to the Rally Champions; the home table follows from the refetched list. */
function useWinnerChange<T>(send: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: winnersKey }) });
}

export const useAddWinner = () => useWinnerChange((row: WinnerRecord) => sendJson<WinnerRecord>('POST', '/api/admin/winners', row));
export const useUpdateWinner = () =>
  useWinnerChange(({ year, fields }: { year: number; fields: WinnerFields }) =>
    sendJson<WinnerRecord>('PUT', `/api/admin/winners/${year}`, fields),
  );
export const useDeleteWinner = () => useWinnerChange((year: number) => sendJson<OkAnswer>('DELETE', `/api/admin/winners/${year}`));
