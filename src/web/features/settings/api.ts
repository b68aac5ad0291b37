import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NextSeasonAnswer, RallySettings, RallySettingsEdit } from '@common/schemas/rally-settings';
import { sendJson } from '../../lib/api';
import { settingsKey } from '../../lib/rally-settings';

/** Saves the organisers' settings; every page shown next uses them, and lists that follow them are fetched again. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: RallySettingsEdit) => sendJson<RallySettings>('PUT', '/api/admin/settings', settings),
    onSuccess: async (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      await queryClient.invalidateQueries();
    },
  });
}

/** Starts the next season; every page then shows the new year. */
export function useStartNextSeason() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ year, earlyStart }: { year: number; earlyStart: boolean }) =>
      sendJson<NextSeasonAnswer>('POST', '/api/admin/settings/season', earlyStart ? { year, earlyStart: true } : { year }),
    onSuccess: async ({ settings }) => {
      queryClient.setQueryData(settingsKey, settings);
      await queryClient.invalidateQueries();
    },
  });
}
