/** Past rallies and their galleries (features/past-rallies). */
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

/** The past rallies the public pages show (home carousel, /rally/{year}, the Previous Rallies menu). */
export const rallies = pgTable('rallies', {
  year: integer('year').primaryKey(),
  destination: text('destination').notNull(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  distance: text('distance').notNull().default(''),
  duration: text('duration').notNull().default(''),
  routeId: text('route_id').notNull().default(''),
  imageUrl: text('image_url').notNull(),
  plateImageUrl: text('plate_image_url').notNull(),
  ...timestamps,
});

export type Rally = typeof rallies.$inferSelect;

/** A past rally's gallery, in the organisers' order. */
export const rallyPhotos = pgTable(
  'rally_photos',
  {
    id: serial('id').primaryKey(),
    rallyYear: integer('rally_year')
      .notNull()
      .references(() => rallies.year, { onDelete: 'cascade', onUpdate: 'cascade' }),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url'),
    caption: text('caption').notNull().default(''),
    position: integer('position').notNull(),
    ...timestamps,
  },
  (t) => [index('rally_photos_year_position_idx').on(t.rallyYear, t.position)],
);
