/**
 * The rally app (/rally-app) as an installable, offline-first web app: its manifest and its
 * service worker (docs/features/rally-app.md). The worker's scope is /rally-app only, and only the
 * rally app's page registers it, so no other page is touched. It precaches the rally app's shell
 * (the app entry and the rally app page with everything they import, read from Vite's manifest)
 * and keeps the last answers of the rally app's reads and its page, used when there is no signal.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type { ManifestTransform } from 'workbox-build';
import type { PushFallback } from '../src/web/features/control-room/push-handler';

type ViteManifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** The built files a first load of /rally-app needs: the entry and the page, with their static imports. */
export function rallyAppShell(outDir: string): Set<string> {
  const manifest: ViteManifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const files = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || files.has(entry.file)) return;
    files.add(entry.file);
    entry.css?.forEach((c) => files.add(c));
    entry.imports?.forEach(visit);
  };
  visit('index.html');
  visit('pages/rally-app-page.tsx');
  return files;
}

const onlyTheShell =
  (outDir: string): ManifestTransform =>
  async (entries) => {
    const shell = rallyAppShell(outDir);
    return { manifest: entries.filter((e) => !e.url.startsWith('assets/') || shell.has(e.url)), warnings: [] };
  };

/**
 * Web Push messages as notifications (control-room/push-handler.ts) in the worker's own `push`
 * and `notificationclick` listeners, bundled into one classic script: the organisers' messages for
 * the rally app's importScripts, or, given its fallback, a team's updates for the followers' worker
 * (follower-worker.ts).
 */
export function buildPushScript(fallback?: PushFallback): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const handler = path.resolve(here, '../src/web/features/control-room/push-handler.ts');
  const extra = fallback ? `, ${JSON.stringify(fallback)}` : '';
  const result = buildSync({
    stdin: {
      contents: [
        `import { openFromNotification, showPush } from ${JSON.stringify(handler)};`,
        `self.addEventListener('push', (event) => showPush(event, self${extra}));`,
        `self.addEventListener('notificationclick', (event) => openFromNotification(event, self${extra}));`,
      ].join('\n'),
      resolveDir: here,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2020',
  });
  return result.outputFiles[0]!.text;
}

/**
 * The push script, written beside sw.js in the client build. Its name carries a hash of its
 * content, so a change to it changes sw.js too and reaches phones with the next worker.
 */
function pushScript(): { plugin: Plugin; fileName: string } {
  const source = buildPushScript();
  const fileName = `rally-app-push-${createHash('sha256').update(source).digest('hex').slice(0, 10)}.js`;
  const plugin: Plugin = {
    name: 'rally-app-push-script',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
  };
  return { plugin, fileName };
}

export function rallyAppPwa(outDir: string) {
  const push = pushScript();
  return [
    push.plugin,
    VitePWA({
      // The rally app's page registers the worker itself (register-service-worker.ts); no other page.
      injectRegister: false,
      registerType: 'autoUpdate',
      scope: '/rally-app',
      filename: 'sw.js',
      manifest: {
        name: 'Jersey Rally app',
        short_name: 'Rally app',
        description: "The team's clues, answers, score and standings during the Jersey charity rally.",
        start_url: '/rally-app',
        scope: '/rally-app',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#0f2a4a',
        icons: [
          { src: '/icons/rally-app-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/rally-app-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/rally-app-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The organisers' messages shown as notifications, even with the app closed (pushScript above).
        importScripts: [`/${push.fileName}`],
        globPatterns: ['assets/**/*.{js,css}'],
        manifestTransforms: [onlyTheShell(outDir)],
        // The page's HTML comes from the server (settings, clock): it is kept at run time, below.
        navigateFallback: null,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        // Each urlPattern is copied into the worker as source: it may use nothing from this file.
        // NetworkFirst: the newest answer when there is signal, the kept one after 5 s without.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/rally-app',
            handler: 'NetworkFirst',
            options: { cacheName: 'rally-app-page', networkTimeoutSeconds: 5, matchOptions: { ignoreVary: true, ignoreSearch: true } },
          },
          {
            // The rally app's reads: the team's clues and score, the standings, who is signed in, sharing,
            // settings, the organisers' messages, the team's SOS and All OK state, its updates.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              [
                '/api/my-clues',
                '/api/clues/standings',
                '/api/auth/user',
                '/api/my-tracking',
                '/api/settings',
                '/api/my-rally-app/messages',
                '/api/my-rally-app/status',
                '/api/my-rally-app/updates',
              ].includes(url.pathname),
            handler: 'NetworkFirst',
            options: { cacheName: 'rally-app-data', networkTimeoutSeconds: 5, matchOptions: { ignoreVary: true } },
          },
          {
            // Hashed files never change: any other chunk the rally app loaded is kept as it is.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'rally-app-assets', expiration: { maxEntries: 60 } },
          },
        ],
      },
    }),
  ];
}
