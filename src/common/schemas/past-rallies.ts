import { z } from 'zod';
import { rallyYear, recordId, requiredText, text } from './primitives';

/** A photo of a past rally's gallery, in the organisers' order. */
export const galleryPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbUrl: z.string().nullable(),
  caption: z.string(),
});
export type GalleryPhoto = z.infer<typeof galleryPhotoSchema>;

/** A past rally as the public pages show it (home carousel, /rally/{year}, the Previous Rallies menu). */
export const pastRallySchema = z.object({
  year: z.number().int(),
  destination: z.string(),
  title: z.string(),
  description: z.string(),
  distance: z.string(),
  duration: z.string(),
  routeId: z.string(),
  imageUrl: z.string(),
  plateImageUrl: z.string(),
  gallery: z.array(galleryPhotoSchema),
  /** What that year's teams raised (pence), counted as the leaderboard counts it; null when unknown. */
  raisedPence: z.number().int().nullable(),
});
export type PastRally = z.infer<typeof pastRallySchema>;
export const pastRallyListSchema = z.array(pastRallySchema);

/** The Previous Rallies menu's list (newest first): all every page's navigation bar needs, so its first view carries no galleries or stories. */
export const pastRallyMenuSchema = z.array(z.object({ year: z.number().int(), destination: z.string() }));
export type PastRallyMenu = z.infer<typeof pastRallyMenuSchema>;

/** A relative path on this site or an http(s) address: where a cover or plate image is. */
const imageUrl = (label: string) =>
  requiredText(`${label} is required`, 500).refine(
    (v) => v.startsWith('/') || /^https?:\/\//.test(v),
    `${label} must be a path or web address`,
  );

/** What an organiser types for a past rally on /admin/past-rallies. */
export const rallyFieldsSchema = z.object({
  destination: requiredText('Destination is required', 100),
  title: requiredText('Title is required', 120),
  description: requiredText('Description is required', 2000),
  distance: text(40),
  duration: text(40),
  routeId: text(40),
  imageUrl: imageUrl('Cover image'),
  plateImageUrl: imageUrl('Plate image'),
});
export const newRallySchema = rallyFieldsSchema.extend({ year: rallyYear() });
export type RallyFields = z.input<typeof rallyFieldsSchema>;
export type NewRally = z.input<typeof newRallySchema>;
export type NewRallyData = z.output<typeof newRallySchema>;

/** A cover image just uploaded through the signed upload link, and where it is once re-encoded. */
export const rallyImageSchema = z.object({ uploadURL: text(2000).min(1, 'uploadURL is required') });
export const rallyImageAnswerSchema = z.object({ url: z.string(), thumbUrl: z.string() });
export type RallyImageAnswer = z.infer<typeof rallyImageAnswerSchema>;

/** A gallery photo just uploaded through the signed upload link. */
export const addPhotoSchema = z.object({ uploadURL: text(2000).min(1, 'uploadURL is required'), caption: text(300) });
export const photoChangeSchema = z.object({ caption: text(300) });
/** The gallery's new order: every photo id of the rally, once. */
export const photoOrderSchema = z.object({ ids: z.array(recordId()).max(1000) });
