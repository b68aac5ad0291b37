import type { Plugin } from 'vite';
import type { OutputBundle } from 'rollup';

/**
 * Puts `<link rel="modulepreload" data-app>` in index.html for the app that main.tsx starts
 * (start.tsx and every chunk it imports), so a page the browser renders itself fetches it with the
 * entry. The server takes them out of a server-rendered page (plugins/web-app.ts): that page is
 * painted from its HTML first and main.tsx fetches the app after that paint, leaving the phone's
 * first moments to the HTML, the styles and the images it shows.
 */
export function preloadApp(): Plugin {
  return {
    name: 'preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return;
        const start = ctx.chunk.dynamicImports.find((file) => isStart(ctx.bundle!, file));
        if (!start) return;
        // What the entry loads already has its own tags.
        const loaded = new Set(chunkWithImports(ctx.bundle, ctx.chunk.fileName));
        return chunkWithImports(ctx.bundle, start, loaded).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-app': true },
          injectTo: 'head',
        }));
      },
    },
  };
}

const isStart = (bundle: OutputBundle, file: string) => {
  const chunk = bundle[file];
  // By the modules it holds: the chunk has no facade (it shares modules with the entry).
  return chunk?.type === 'chunk' && chunk.moduleIds.some((id) => id.endsWith('/src/web/start.tsx'));
};

/** The chunk's file and the files of everything it imports statically, the chunk first. */
function chunkWithImports(bundle: OutputBundle, file: string, seen = new Set<string>()): string[] {
  const chunk = bundle[file];
  if (seen.has(file) || chunk?.type !== 'chunk') return [];
  seen.add(file);
  return [file, ...chunk.imports.flatMap((f) => chunkWithImports(bundle, f, seen))];
}
