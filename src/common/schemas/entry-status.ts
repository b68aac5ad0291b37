import { z } from 'zod';
import { text } from './primitives';
import { seasonPhases } from '../season-phase';

/**
 * Where a team's entry stands. A new team is `registered` with its deposit due; organisers move it
 * on (or a payment does); a team past the car limit waits on `waiting_list`; `withdrawn` ends it.
 */
export const entryStatuses = ['registered', 'deposit_paid', 'confirmed', 'waiting_list', 'withdrawn'] as const;
export type EntryStatus = (typeof entryStatuses)[number];

export const entryStatusLabels: Record<EntryStatus, string> = {
  registered: 'Registered',
  deposit_paid: 'Deposit paid',
  confirmed: 'Confirmed',
  waiting_list: 'Waiting list',
  withdrawn: 'Withdrawn',
};

const reason = text(500).optional();

/** An organiser's move of one team to another status. */
export const statusChangeSchema = z.object({ status: z.enum(entryStatuses), reason });
export type StatusChangeInput = z.input<typeof statusChangeSchema>;

/** The same move for several teams at once (the registrations table's bulk action). */
export const statusBatchSchema = z.object({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1, 'Select at least one team').max(500),
  status: z.enum(entryStatuses),
  reason,
});
export type StatusBatchInput = z.input<typeof statusBatchSchema>;
export const statusBatchAnswerSchema = z.object({ changed: z.number().int(), unchanged: z.number().int() });
export type StatusBatchAnswer = z.infer<typeof statusBatchAnswerSchema>;

/** An organiser holding a waiting team out of the automatic offer of free places, or letting it back in line. */
export const waitingListHoldSchema = z.object({ held: z.boolean() });
export type WaitingListHold = z.infer<typeof waitingListHoldSchema>;

/** A rallier withdrawing their own team. */
export const withdrawSchema = z.object({ reason });
export type WithdrawInput = z.input<typeof withdrawSchema>;

/** One recorded move: who, when, from, to, why. */
export const statusChangeViewSchema = z.object({
  id: z.number().int(),
  fromStatus: z.enum(entryStatuses).nullable(),
  toStatus: z.enum(entryStatuses),
  actorEmail: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type StatusChangeView = z.infer<typeof statusChangeViewSchema>;
export const statusHistorySchema = z.array(statusChangeViewSchema);

/** Whether the public form takes teams now, and whether they go straight in or onto the waiting list. */
export const registrationStatusSchema = z.object({
  open: z.boolean(),
  full: z.boolean(),
  /** Where the season stands (season-phase.ts), so the form can say why it is closed. */
  phase: z.enum(seasonPhases),
  /** ISO date-time; null when registration has no opening date. */
  opensAt: z.string().nullable(),
  /** ISO date-time; null when registration has no closing date. */
  closesAt: z.string().nullable(),
  /** Whether the season's results are published (the phase after the rally: season-phase.ts seasonStory). */
  resultsPublished: z.boolean(),
});
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;
