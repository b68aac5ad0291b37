import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every table, one file per feature (src/server/db/schema/index.ts exports them all).
  schema: './src/server/db/schema',
  out: './src/server/db/migrations',
});
