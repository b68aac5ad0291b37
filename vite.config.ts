import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { precompress } from './scripts/precompress';
import { rallyAppPwa } from './scripts/rally-app-pwa';
import { followerWorker } from './scripts/follower-worker';
import { preloadApp } from './scripts/preload-app';
import { rendererDirFor } from './src/server/plugins/server-renderer';

// WEB_OUT_DIR lets parallel checkouts build without clobbering each other.
const webOutDir = process.env.WEB_OUT_DIR ?? fileURLToPath(new URL('./dist/web', import.meta.url));

const SHARED_SMALL_MODULES =
  /\/src\/(common\/(rally-dates|season-phase|money-story|money)\.ts|web\/components\/(ui\/(card|input)|results-link)\.tsx|web\/lib\/(use-document-title|registration-status)\.ts)$/;

// The web app lives in src/web; the server serves dist/web in production. `vite build --ssr`
// builds the server's renderer of the public pages (src/web/entry-server.tsx) beside it.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : fileURLToPath(new URL('./public', import.meta.url)),
  // The service workers are written before the precompression, which then compresses them too.
  plugins: [react(), tailwindcss(), ...(isSsrBuild ? [] : [preloadApp(), rallyAppPwa(webOutDir), followerWorker(), precompress()])],
  resolve: { alias: { '@common': fileURLToPath(new URL('./src/common', import.meta.url)) } },
  // The renderer carries its own production React (and everything that uses it), whatever
  // NODE_ENV the server runs with (config.ts gives NODE_ENV a meaning of its own).
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': '"production"' } } : {}),
  build: isSsrBuild
    ? {
        outDir: rendererDirFor(webOutDir),
        emptyOutDir: true,
        sourcemap: false,
        rollupOptions: { input: fileURLToPath(new URL('./src/web/entry-server.tsx', import.meta.url)) },
      }
    : {
        outDir: webOutDir,
        emptyOutDir: true,
        sourcemap: false,
        manifest: true,
        rollupOptions: {
          input: {
            main: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
            embed: fileURLToPath(new URL('./src/web/embed.html', import.meta.url)),
          },
          output: {
            // Small modules most pages share (the season's wording, cards, inputs, the page title): one
            // chunk, rather than a small file each that a page then fetches separately.
            manualChunks: (id) => (SHARED_SMALL_MODULES.test(id) ? 'shared' : undefined),
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:5000',
      '/health': 'http://localhost:5000',
      '/uploads': 'http://localhost:5000',
      '/embeds': 'http://localhost:5000',
    },
  },
}));
