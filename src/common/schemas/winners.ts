import { z } from 'zod';
import { rallyYear, requiredText } from './primitives';

/** What an organiser types for one row of the Rally Champions table on /admin/results. */
export const winnerFieldsSchema = z.object({
  destination: requiredText('Destination is required', 100),
  winners: requiredText("The winners' names are required", 200),
  teamName: requiredText('Team name is required', 120),
});
export type WinnerFields = z.infer<typeof winnerFieldsSchema>;

/** A row of the home page's Rally Champions table: one per year. */
export const winnerSchema = winnerFieldsSchema.extend({ year: rallyYear() });
export type WinnerRecord = z.infer<typeof winnerSchema>;
export const winnerListSchema = z.array(winnerSchema);
