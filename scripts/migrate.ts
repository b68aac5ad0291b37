/** `npm run db:migrate`: applies the committed migrations (openDatabase migrates). */
import { withDatabase } from './cli';

await withDatabase(async (database) => {
  console.log(`migrations applied (${database.kind})`);
});
