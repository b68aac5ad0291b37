import { z } from 'zod';
import { donationSchema, donationSources, donationStates, paymentMethods, type DonationSource, type DonationState } from './donation';
import { myDonationViewSchema } from './my-donation';

const day = z.iso.date({ error: 'Use a date like 2026-05-31' });

/** The filters of the organisers' donations ledger (query string). All optional. */
export const ledgerFilterSchema = z.object({
  signupId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  source: z.enum(donationSources).optional(),
  state: z.enum(donationStates).optional(),
  /** Inclusive days, in the rally's local calendar as typed (compared as UTC days). */
  from: day.optional(),
  to: day.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
/** The filter as the page holds it (the query string's typed reading). */
export type LedgerFilter = Partial<z.output<typeof ledgerFilterSchema>>;

/** An organiser's correction: any donation field, none required; the team may change too. */
export const ledgerPatchSchema = donationSchema
  .extend({ paymentMethod: z.enum(paymentMethods), isAnonymous: z.boolean(), hideAmount: z.boolean(), currency: z.string().length(3) })
  .partial()
  .strict();
export type LedgerPatch = z.input<typeof ledgerPatchSchema>;

/** One row of the organisers' ledger: the donation as the team sees it, with the team's name. */
export const ledgerDonationSchema = myDonationViewSchema.extend({ teamName: z.string() });
export type LedgerDonation = z.infer<typeof ledgerDonationSchema>;

/** One page of the ledger, with the count and sum (pence) of every matching donation. */
export const ledgerPageSchema = z.object({
  items: z.array(ledgerDonationSchema),
  total: z.number().int(),
  sum: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/** Money raised over time: the running total (pence) at the end of each week (ISO day it starts). */
export const weeklyTotalsSchema = z.array(z.object({ week: z.string(), total: z.number().int() }));
export type WeeklyTotals = z.infer<typeof weeklyTotalsSchema>;

export const LEDGER_PAGE_SIZE = 50;

export const sourceLabels: Record<DonationSource, string> = {
  participant: 'Reported by the team',
  organiser: 'Organiser',
  justgiving: 'JustGiving',
  gocardless: 'GoCardless',
};
export const stateLabels: Record<DonationState, string> = { reported: 'Reported', verified: 'Verified' };
