/**
 * The rally app's home-screen icons (public/icons), drawn from the site's favicon: run again after
 * the favicon changes (`npx tsx scripts/make-rally-app-icons.ts`). The maskable one has a margin,
 * so a phone's round or squircle mask never cuts the car.
 */
import sharp from 'sharp';
import { readFileSync } from 'node:fs';

const svg = readFileSync('public/favicon.svg');
const NAVY = '#0f2a4a';

for (const size of [192, 512]) {
  await sharp(svg, { density: 72 * (size / 64) })
    .resize(size, size)
    .png()
    .toFile(`public/icons/rally-app-${size}.png`);
}
const inner = Math.round(512 * 0.7);
const car = await sharp(svg, { density: 72 * (inner / 64) })
  .resize(inner, inner)
  .png()
  .toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: NAVY } })
  .composite([{ input: car, gravity: 'center' }])
  .png()
  .toFile('public/icons/rally-app-maskable-512.png');
