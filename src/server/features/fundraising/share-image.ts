import { createHash } from 'node:crypto';
import type { OverlayOptions } from 'sharp';
import escapeHtml from 'escape-html';
import { formatPence } from '../../../common/money';
import { progressPercent } from '../../../common/fundraising';

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
/** Moves when the drawing changes, so every cached image is drawn again. */
const DRAWING_VERSION = 1;

/** Everything the image shows: a change to any of these is a new image. */
export type ShareImageInputs = { siteName: string; teamName: string; carImageUrl: string | null; raised: number; target: number };

/** A short hash of the inputs: the image's cache key and the `v` of its URL. */
export function shareImageVersion(inputs: ShareImageInputs): string {
  const key = JSON.stringify([DRAWING_VERSION, inputs.siteName, inputs.teamName, inputs.carImageUrl, inputs.raised, inputs.target]);
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** Fonts every Debian install has; the generic family is the last resort. */
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const PHOTO_WIDTH = 520;
const TEXT_WIDTH = SHARE_IMAGE_WIDTH - PHOTO_WIDTH - 120;

/**
 * Text as XML can hold it: control characters, lone surrogates and U+FFFE/U+FFFF (which a team name
 * may contain, and which would make the SVG unreadable) become spaces.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is taken out
const xmlText = (text: string) => escapeHtml(text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu, ' '));
/** The first `n` characters, never half of a pair that makes one character. */
const firstChars = (text: string, n: number) => Array.from(text).slice(0, n).join('');

/** Splits the team name into at most `maxLines` lines that fit, by an average glyph width. */
function wrap(text: string, fontSize: number, maxLines: number): string[] {
  const perLine = Math.max(8, Math.floor(TEXT_WIDTH / (fontSize * 0.6)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= perLine) line = next;
    else {
      if (line) lines.push(line);
      line = word.length > perLine ? `${firstChars(word, perLine - 1)}…` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${firstChars(kept[maxLines - 1]!, perLine - 1)}…`;
  return kept;
}

function overlay(inputs: ShareImageInputs, hasPhoto: boolean): string {
  const name = wrap(inputs.teamName, 68, 3);
  const percent = progressPercent(inputs.raised, inputs.target);
  const barWidth = TEXT_WIDTH;
  const nameLines = name
    .map((l, i) => `<text x="60" y="${210 + i * 82}" font-size="68" font-weight="700" fill="#ffffff">${xmlText(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" font-family="${FONT}">
  <defs><linearGradient id="fade" x1="0" x2="1"><stop offset="0" stop-color="#0f2a4a"/><stop offset="1" stop-color="#0f2a4a" stop-opacity="0"/></linearGradient></defs>
  ${hasPhoto ? `<rect x="${SHARE_IMAGE_WIDTH - PHOTO_WIDTH}" y="0" width="140" height="${SHARE_IMAGE_HEIGHT}" fill="url(#fade)"/>` : `<rect x="${SHARE_IMAGE_WIDTH - 24}" y="0" width="24" height="${SHARE_IMAGE_HEIGHT}" fill="#e8a91c"/>`}
  <text x="60" y="100" font-size="30" font-weight="700" letter-spacing="2" fill="#f4c247">${xmlText(inputs.siteName.toUpperCase())}</text>
  ${nameLines}
  <text x="60" y="500" font-size="44" font-weight="700" fill="#f8d77a">${escapeHtml(formatPence(inputs.raised))} raised</text>
  <text x="60" y="540" font-size="28" fill="#dbe4ef">of ${escapeHtml(formatPence(inputs.target))} target</text>
  <rect x="60" y="566" width="${barWidth}" height="22" rx="11" fill="#ffffff" fill-opacity="0.2"/>
  <rect x="60" y="566" width="${Math.max(percent > 0 ? 22 : 0, Math.round((barWidth * percent) / 100))}" height="22" rx="11" fill="#e8a91c"/>
</svg>`;
}

/**
 * The team's share preview (1200x630 PNG, the size link previews expect): team name, progress
 * and the car photo when there is one. Text is an SVG overlay drawn by sharp with system fonts.
 * A photo that cannot be decoded is left out rather than failing the image.
 */
export async function drawShareImage(inputs: ShareImageInputs, photo: Buffer | null): Promise<Buffer> {
  // Loaded with the first image drawn, not at start (it opens its native library).
  const { default: sharp } = await import('sharp');
  const layers: OverlayOptions[] = [];
  if (photo) {
    const fitted = await sharp(photo)
      .resize(PHOTO_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover' })
      .toBuffer()
      .catch(() => null);
    if (fitted) layers.push({ input: fitted, left: SHARE_IMAGE_WIDTH - PHOTO_WIDTH, top: 0 });
  }
  layers.push({ input: Buffer.from(overlay(inputs, layers.length > 0)), left: 0, top: 0 });
  return sharp({ create: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, channels: 3, background: '#0f2a4a' } })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}
