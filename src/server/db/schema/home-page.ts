/** The home page's stories and figures (features/home-page). */
import { bigint, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** The Rallier Stories on the home page, in the organisers' order (/admin/home-page). */
export const testimonials = pgTable('testimonials', {
  id: serial('id').primaryKey(),
  quote: text('quote').notNull(),
  author: text('author').notNull(),
  rallyLabel: text('rally_label').notNull().default(''),
  position: integer('position').notNull(),
  ...timestamps,
});

/**
 * The Rally in Numbers tiles (one row): the funds raised before the site kept the ledger, and an
 * organiser's override per tile (null: the computed figure is shown).
 */
export const homeStats = pgTable('home_stats', {
  id: integer('id').primaryKey().default(1),
  /** Funds raised up to and including `historicFundsThroughYear`, in pence; later seasons' donations are added. */
  historicFundsPence: bigint('historic_funds_pence', { mode: 'number' }).notNull(),
  historicFundsThroughYear: integer('historic_funds_through_year').notNull(),
  ralliesOverride: text('rallies_override'),
  ralliersOverride: text('ralliers_override'),
  kilometresOverride: text('kilometres_override'),
  fundsOverride: text('funds_override'),
  ...timestamps,
});
