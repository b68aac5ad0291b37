import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may. The site's Content-Security-Policy
 * forbids eval, so zod's probe for it shows as a CSP violation in the browser's issues (Lighthouse
 * best practices). Set before any schema is made: main.tsx imports this first.
 */
z.config({ jitless: true });
