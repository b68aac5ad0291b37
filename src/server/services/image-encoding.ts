import { HttpError } from '../errors';

/** Image types a car photo may be, judged by the file's bytes (never its name or declared type). */
const ALLOWED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/heif']);
export const NOT_AN_IMAGE = 'Only image files (JPEG, PNG, WebP, GIF, AVIF or HEIC) can be uploaded';

const FULL_PX = 1600;
const THUMB_PX = 480;

/** Refuses anything whose bytes are not one of the allowed raster image types (SVG, HTML, PDF...). */
export async function assertImageBytes(bytes: Buffer): Promise<void> {
  // Loaded with the first upload rather than at every start, like sharp below.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ALLOWED.has(type.mime)) throw new HttpError(415, NOT_AN_IMAGE);
}

/**
 * Re-encodes the photo to WebP (metadata dropped, orientation applied) and makes a thumbnail, so
 * nothing a visitor uploaded is ever served back byte for byte.
 */
export async function processCarImage(bytes: Buffer): Promise<{ full: Buffer; thumb: Buffer }> {
  await assertImageBytes(bytes);
  const { default: sharp } = await import('sharp');
  try {
    const source = sharp(bytes, { limitInputPixels: 60_000_000, animated: false }).rotate();
    const full = await source
      .clone()
      .resize(FULL_PX, FULL_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    const thumb = await source
      .clone()
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return { full, thumb };
  } catch {
    throw new HttpError(415, 'This image could not be read. Please try a JPEG or PNG photo.');
  }
}
