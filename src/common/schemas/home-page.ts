import { z } from 'zod';
import { optionalText, rallyYear, recordId, requiredText, text } from './primitives';

/** A Rallier Story as the home page shows it, in the organisers' order. */
export const testimonialSchema = z.object({
  id: z.number().int(),
  quote: z.string(),
  author: z.string(),
  rallyLabel: z.string(),
});
export type Testimonial = z.infer<typeof testimonialSchema>;
export const testimonialListSchema = z.array(testimonialSchema);

/** What an organiser types for a story on /admin/home-page. */
export const testimonialFieldsSchema = z.object({
  quote: requiredText('Quote is required', 600),
  author: requiredText('Author is required', 80),
  rallyLabel: text(80),
});
export type TestimonialFields = z.input<typeof testimonialFieldsSchema>;
/** The stories' new order: every story id once. */
export const testimonialOrderSchema = z.object({ ids: z.array(recordId()).max(1000) });

/** The four Rally in Numbers tiles as shown: each value is the override when set, else the computed figure. */
export const statTilesSchema = z.object({
  rallies: z.string(),
  ralliers: z.string(),
  kilometres: z.string(),
  funds: z.string(),
});
export type StatTiles = z.infer<typeof statTilesSchema>;
export const STAT_TILE_KEYS = ['rallies', 'ralliers', 'kilometres', 'funds'] as const;
export type StatTileKey = (typeof STAT_TILE_KEYS)[number];

/** What an organiser keeps for the tiles: the historic funds figure and one override per tile (blank = computed). */
export const statSettingsSchema = z.object({
  historicFundsPence: z.coerce
    .number({ error: 'Funds raised before the ledger must be a number' })
    .int('Funds raised before the ledger must be whole pence')
    .min(0, 'Funds raised before the ledger cannot be negative')
    .max(1_000_000_000, 'Funds raised before the ledger must be at most £10,000,000'),
  historicFundsThroughYear: rallyYear('The last year of the historic funds figure is required'),
  overrides: z.object({
    rallies: optionalText(20),
    ralliers: optionalText(20),
    kilometres: optionalText(20),
    funds: optionalText(20),
  }),
});
export type StatSettingsInput = z.input<typeof statSettingsSchema>;
export type StatSettings = z.output<typeof statSettingsSchema>;

/** The organisers' view: their settings, what each tile computes to, and what it shows. */
export const statAdminSchema = z.object({
  historicFundsPence: z.number().int(),
  historicFundsThroughYear: z.number().int(),
  overrides: z.object({
    rallies: z.string().nullable(),
    ralliers: z.string().nullable(),
    kilometres: z.string().nullable(),
    funds: z.string().nullable(),
  }),
  computed: statTilesSchema,
  shown: statTilesSchema,
});
export type StatAdmin = z.infer<typeof statAdminSchema>;
