import { z } from 'zod';

/**
 * The answer of `POST /api/uploads`: where and how the browser sends the photo.
 * - `PUT` (disk storage): the raw file bytes to `uploadURL`, a signed link of this site.
 * - `POST` (S3): a multipart form to `uploadURL` (the bucket) holding every one of `fields`, a
 *   `Content-Type` field with the photo's type, and the photo last as `file`. The signed policy
 *   in `fields` caps the size, so S3 itself refuses a larger file.
 * Either way the browser then attaches `objectId` to the team with `PUT /api/uploads/car-images`.
 */
export const uploadTicketSchema = z.object({
  uploadURL: z.string(),
  method: z.enum(['PUT', 'POST']),
  objectId: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

/** The answer of `PUT /api/uploads/car-images`: the published image (both keys, as the spec names them). */
export const carImageAnswerSchema = z.object({ objectPath: z.string(), carImageUrl: z.string() });
export type CarImageAnswer = z.infer<typeof carImageAnswerSchema>;
