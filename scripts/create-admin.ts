/** `npm run create-admin -- --email E --password P`: creates an admin or promotes an existing user. */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { withDatabase } from './cli';
import { ensureAdmin } from '../src/server/db/seed/admin';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const args = z.object({ email: z.email('--email must be an e-mail address'), password: z.string().min(8, '--password must be at least 8 characters') }).safeParse(values);
if (!args.success) {
  console.error('Usage: npm run create-admin -- --email you@example.org --password "a long password"');
  for (const issue of args.error.issues) console.error(`  - ${issue.message}`);
  process.exit(1);
}
await withDatabase(async (database) => {
  await ensureAdmin(database.db, args.data.email, args.data.password);
  console.log(`${args.data.email} is an admin`);
});
