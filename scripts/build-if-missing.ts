/** `npm start` builds the web bundle on first run, so a fresh clone needs only two commands. */
import { existsSync } from 'node:fs';
import { build } from 'vite';

if (!existsSync('dist/web/index.html')) {
  console.log('Building the web app (first start only; `npm run build` rebuilds it)...');
  await build({ configFile: 'vite.config.ts', logLevel: 'warn' });
}
