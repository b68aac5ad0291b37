/**
 * zod compiles object parsers with `new Function` when it may. The site's Content-Security-Policy
 * forbids eval, so zod's probe for it shows as a CSP violation in the browser's issues (Lighthouse
 * best practices). Set before any schema is made: main.tsx imports this first.
 *
 * Written into the global object zod keeps its configuration in (what `z.config` writes), so that
 * the app's entry, which every page loads, does not carry zod's core (about 5 KB gzipped) for the
 * pages that use no schema. zod-without-eval.test.ts checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// In place: zod, once loaded, holds on to the object it found.
(holder.__zod_globalConfig ??= {}).jitless = true;
