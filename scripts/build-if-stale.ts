/**
 * `npm start` runs this first: it builds the web app and the server when their output is missing
 * or older than their sources, so a fresh clone needs only two commands and a pull is picked up.
 */
import { buildServer, isStale, serverIsStale } from './build-server';
import { rendererDirFor, rendererFileFor } from '../src/server/plugins/server-renderer';

const webOut = process.env.WEB_DIR ?? 'dist/web';
const WEB_SOURCES = ['src/web', 'src/common', 'public', 'vite.config.ts', 'scripts/precompress.ts'];

if (isStale([`${webOut}/index.html`, rendererFileFor(webOut)], WEB_SOURCES)) {
  console.log('Building the web app (`npm run build` also checks its size)...');
  const { build } = await import('vite');
  const outDir = process.env.WEB_DIR ? webOut : undefined;
  await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { outDir } });
  // The server's renderer of the public pages (src/web/entry-server.tsx), beside the web build.
  await build({ configFile: 'vite.config.ts', logLevel: 'warn', build: { ssr: true, outDir: outDir && rendererDirFor(outDir) } });
}
if (serverIsStale()) {
  console.log('Compiling the server...');
  await buildServer();
}
