import { z } from 'zod';
import { participantSchema } from './participants';
import { INT4_MAX, rawText } from './primitives';
import { consentStates } from './contacts';

/** The most data rows one import file may have. */
export const IMPORT_ROWS_MAX = 20_000;

/** A historic record as the admin call returns it: the public fields plus e-mails and opt-ins (no unsubscribe tokens). */
export const historicRecordSchema = participantSchema.extend({
  email: z.string().nullable(),
  coDriverEmail: z.string().nullable(),
  emailOptIn: z.boolean().nullable(),
  coDriverEmailOptIn: z.boolean().nullable(),
});
export type HistoricRecord = z.infer<typeof historicRecordSchema>;

/**
 * What an import would do to one row of the file, shown before anything is applied:
 * created (a new contact), updated (an address added to a record; the contact already existed),
 * unchanged (the record already holds it, or a row with no rally record whose address is already a
 * contact), changed (the record holds a different address: applied only when the organiser
 * confirms it), unmatched (no rally record: added as a contact only when the organiser chooses),
 * added (an unmatched row that was added as a contact; only in an applied import's answer) or
 * skipped (with the reason).
 */
export const importOutcomes = ['created', 'updated', 'unchanged', 'changed', 'unmatched', 'added', 'skipped'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const importPlanRowSchema = z.object({
  line: z.number().int(),
  outcome: z.enum(importOutcomes),
  year: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** For a changed row, the address the record holds now. */
  previousEmail: z.string().nullable(),
  /** What happens to the row, or why it is skipped. */
  reason: z.string(),
  /** For a row with no rally record, the consent it is added with (from the file's consent column). */
  consent: z.enum(consentStates).nullable(),
});
export type ImportPlanRow = z.infer<typeof importPlanRowSchema>;

const importCounts = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  changed: z.number().int(),
  unmatched: z.number().int(),
  added: z.number().int(),
  skipped: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCounts>;

/** The preview of an import: its rows' outcomes, kept on the server under planId until expiresAt. */
export const importPreviewSchema = z.object({
  planId: z.string(),
  fileName: z.string(),
  expiresAt: z.string(),
  counts: importCounts,
  rows: z.array(importPlanRowSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/**
 * Apply a previewed plan; changed rows apply only when listed in confirmLines, or all with
 * applyAllChanges; unmatched rows become contacts only with addUnmatched.
 */
export const importApplySchema = z.object({
  planId: rawText(64).min(1, 'The preview is missing; upload the file again'),
  confirmLines: z.array(z.number().int().positive().max(INT4_MAX)).max(IMPORT_ROWS_MAX).default([]),
  applyAllChanges: z.boolean().default(false),
  addUnmatched: z.boolean().default(false),
});
export type ImportApplyInput = z.input<typeof importApplySchema>;

export const importPlanParamSchema = z.object({ planId: rawText(64).min(1) });

/**
 * What an applied import did, in the preview's terms (changed rows the organiser did not confirm,
 * and unmatched rows not added, count as skipped). `newUsers` is always 0: a mailing-list import makes no login accounts.
 */
export const importAnswerSchema = z.object({
  message: z.string(),
  counts: importCounts,
  newUsers: z.number().int(),
  rows: z.array(importPlanRowSchema),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;

/** The spec's one-step import answer: `imported` (rows created or updated) and `newUsers`, with the full report. */
export const oneStepImportAnswerSchema = importAnswerSchema.extend({ imported: z.number().int() });

/** Every address still on the list, once each. */
export const exportEmailsSchema = z.object({ emails: z.array(z.string()) });
export type ExportEmails = z.infer<typeof exportEmailsSchema>;
