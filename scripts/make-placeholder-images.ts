/**
 * Draws the placeholder pictures the site ships with until real photos arrive: for every past
 * rally a main photo, a number plate and each gallery image, plus the hero and the social card.
 * Each picture is an SVG landscape in the site's palette (navy, gold, rally red), rendered to WebP
 * by sharp, for the rallies in the database (the built-in ones at first). Run
 * `npx tsx scripts/make-placeholder-images.ts`; the output is committed, and real photos can
 * replace any file under the same name.
 */
import sharp from 'sharp';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PastRally } from '../src/common/schemas/past-rallies';
import { withDatabase } from './cli';
import { listPastRallies } from '../src/server/features/past-rallies/queries';

const OUT = path.resolve('public/images');

/** Deterministic, so regenerating gives the same files. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Sky = { top: string; bottom: string; sun: string; hills: readonly [string, string, string] };

const skies: readonly Sky[] = [
  { top: '#0f2a4a', bottom: '#f4c247', sun: '#f8d77a', hills: ['#173d6b', '#12325a', '#0a1c33'] }, // dusk
  { top: '#1f4e86', bottom: '#b5cbe6', sun: '#fff6d8', hills: ['#5b7ea8', '#2f5a8a', '#173d6b'] }, // day
  { top: '#12325a', bottom: '#d9412b', sun: '#f4c247', hills: ['#3a2f4f', '#241f3a', '#0a1c33'] }, // sunset
  { top: '#0a1c33', bottom: '#1f4e86', sun: '#dce7f4', hills: ['#173d6b', '#12325a', '#0a1c33'] }, // night
  { top: '#3b6ea5', bottom: '#f0f5fb', sun: '#ffffff', hills: ['#7d9cc0', '#4a6f99', '#1f4e86'] }, // morning
];

/** The item at position n, counting round the list again and again. */
function cyclic<T>(items: readonly T[], n: number): T {
  const item = items[n % items.length];
  if (item === undefined) throw new Error('cannot cycle through an empty list');
  return item;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function ridge(rand: () => number, w: number, h: number, base: number, amp: number, color: string) {
  const steps = 8;
  let d = `M0 ${h} L0 ${base}`;
  for (let i = 1; i <= steps; i++) {
    const x = (w / steps) * i;
    const y = base - rand() * amp;
    const cx = x - w / steps / 2;
    d += ` Q${cx.toFixed(0)} ${(y - amp * 0.5 * rand()).toFixed(0)} ${x.toFixed(0)} ${y.toFixed(0)}`;
  }
  return `<path d="${d} L${w} ${h} Z" fill="${color}"/>`;
}

/** A little rally car seen from the side, pointing right. */
function car(x: number, y: number, scale: number, body: string) {
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <path d="M0 30 L8 14 Q12 6 24 6 L58 6 Q68 6 74 16 L92 20 Q100 22 100 30 L100 38 L0 38 Z" fill="${body}"/>
    <path d="M26 10 L54 10 Q62 10 66 18 L22 18 Z" fill="#dce7f4" opacity="0.85"/>
    <rect x="40" y="24" width="18" height="8" rx="2" fill="#ffffff"/>
    <circle cx="22" cy="38" r="9" fill="#0a1c33"/><circle cx="22" cy="38" r="4" fill="#b5cbe6"/>
    <circle cx="78" cy="38" r="9" fill="#0a1c33"/><circle cx="78" cy="38" r="4" fill="#b5cbe6"/>
  </g>`;
}

function scene(seed: number, w: number, h: number, label?: { big: string; small: string }) {
  const rand = rng(seed);
  const sky = cyclic(skies, seed * 7 + (seed >> 3));
  const sunX = w * (0.2 + rand() * 0.6);
  const sunY = h * (0.2 + rand() * 0.2);
  const seaLevel = h * 0.62;
  const withSea = rand() > 0.4;
  const roadY = h * 0.82;
  const stars =
    sky === skies[3]
      ? Array.from(
          { length: 40 },
          () =>
            `<circle cx="${(rand() * w).toFixed(0)}" cy="${(rand() * h * 0.45).toFixed(0)}" r="${(rand() * 1.6 + 0.4).toFixed(1)}" fill="#fff" opacity="0.7"/>`,
        ).join('')
      : '';
  const carBody = cyclic(['#d9412b', '#f4c247', '#ffffff', '#1f4e86'], seed);
  // A caption card in the top-left corner, clear of the road and the car.
  const fs = h * 0.055;
  const labelSvg = label
    ? `<rect x="${w * 0.04}" y="${h * 0.06}" width="${Math.max(label.big.length * fs * 0.66, label.small.length * fs * 0.36) + fs * 1.2}" height="${fs * 2.3}" rx="${fs * 0.3}" fill="#ffffff" opacity="0.92"/>
       <rect x="${w * 0.04}" y="${h * 0.06}" width="${fs * 0.18}" height="${fs * 2.3}" fill="#d9412b"/>
       <text x="${w * 0.04 + fs * 0.6}" y="${h * 0.06 + fs * 1.2}" font-family="DejaVu Sans" font-weight="bold" font-size="${fs}" fill="#0f2a4a">${esc(label.big)}</text>
       <text x="${w * 0.04 + fs * 0.6}" y="${h * 0.06 + fs * 1.95}" font-family="DejaVu Sans" font-size="${fs * 0.55}" fill="#173d6b">${esc(label.small)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>
  <radialGradient id="glow"><stop offset="0" stop-color="${sky.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${sky.sun}" stop-opacity="0"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>${stars}
  <circle cx="${sunX}" cy="${sunY}" r="${h * 0.3}" fill="url(#glow)"/><circle cx="${sunX}" cy="${sunY}" r="${h * 0.07}" fill="${sky.sun}"/>
  ${ridge(rand, w, h, h * 0.55, h * 0.25, sky.hills[0])}
  ${withSea ? `<rect y="${seaLevel}" width="${w}" height="${h - seaLevel}" fill="${sky.hills[1]}"/><rect y="${seaLevel}" width="${w}" height="3" fill="${sky.sun}" opacity="0.5"/>` : ridge(rand, w, h, h * 0.68, h * 0.14, sky.hills[1])}
  ${ridge(rand, w, h, h * 0.8, h * 0.06, sky.hills[2])}
  <rect y="${roadY}" width="${w}" height="${h - roadY}" fill="#0a1c33"/>
  <path d="M0 ${roadY + (h - roadY) / 2} H${w}" stroke="#f4c247" stroke-width="${h * 0.008}" stroke-dasharray="${w * 0.04} ${w * 0.03}"/>
  ${car(w * (0.1 + rand() * 0.55), roadY + (h - roadY) * 0.45 - 47 * ((h * 0.1) / 38), (h * 0.1) / 38, carBody)}
  ${labelSvg}
</svg>`;
}

function plate(year: number, destination: string) {
  const place = destination.split(',')[0]!.toUpperCase(); // split always gives at least one part
  return `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="120" viewBox="0 0 520 120">
  <rect x="2" y="2" width="516" height="116" rx="14" fill="#f8d77a" stroke="#0a1c33" stroke-width="4"/>
  <rect x="10" y="10" width="62" height="100" rx="8" fill="#1f4e86"/>
  <text x="41" y="55" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="26" fill="#f4c247">J</text>
  <text x="41" y="90" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="16" fill="#ffffff">GBJ</text>
  <text x="292" y="72" text-anchor="middle" font-family="DejaVu Sans Mono" font-weight="bold" font-size="58" fill="#0a1c33" letter-spacing="4">J ${year}</text>
  <text x="292" y="104" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="17" fill="#12325a" letter-spacing="3">${esc(place)}</text>
</svg>`;
}

async function write(file: string, svg: string, quality = 62) {
  const target = path.join(OUT, file);
  mkdirSync(path.dirname(target), { recursive: true });
  if (target.endsWith('.png')) await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(target);
  else await sharp(Buffer.from(svg)).webp({ quality, effort: 6 }).toFile(target);
}

async function main(rallyHistory: PastRally[]) {
  for (const r of rallyHistory) {
    const place = r.destination.split(',')[0]!; // split always gives at least one part
    await write(`rallies/${r.year}/main.webp`, scene(r.year, 1200, 675, { big: `${r.year} · ${place}`, small: r.title }));
    await write(`rallies/${r.year}/plate.webp`, plate(r.year, r.destination), 80);
    for (const [i, img] of r.gallery.entries()) {
      await write(
        img.url.replace(/^\/images\//, ''),
        scene(r.year * 100 + i + 1, 960, 640, { big: `${place} ${r.year}`, small: `Photo ${i + 1}` }),
        55,
      );
    }
  }
  await write('hero.webp', scene(2026, 1600, 900), 60);
  await write('og-default.png', scene(2026, 1200, 630, { big: 'Jersey Charity Rally 2026', small: 'St Malo to Cannes' }));
  console.log(`placeholder images written to ${OUT}`);
}

await withDatabase(async (database) => main(await listPastRallies(database.db, { verifiedOnly: false })));
