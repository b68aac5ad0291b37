/** `npm start` builds the web bundle on first run, so a fresh clone needs only two commands. */
import { existsSync } from 'node:fs';
import { build } from 'vite';

const outDir = process.env.WEB_DIR ?? 'dist/web';
if (!existsSync(`${outDir}/index.html`)) {
  console.log('Building the web app (first start only; `npm run build` rebuilds it)...');
  await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { outDir: process.env.WEB_DIR ? outDir : undefined } });
}
