/** `npm run create-admin -- --email E --password P`: creates an admin or promotes an existing user. */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { withDatabase } from './cli';
import path from 'node:path';
import { ensureAdmin } from '../src/server/seed/admin';
import { loadConfig } from '../src/server/config';
import { createMailer } from '../src/server/services/mail';

const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const args = z
  .object({ email: z.email('--email must be an e-mail address'), password: z.string().min(8, '--password must be at least 8 characters') })
  .safeParse(values);
if (!args.success) {
  console.error('Usage: npm run create-admin -- --email you@example.org --password "a long password"');
  for (const issue of args.error.issues) console.error(`  - ${issue.message}`);
  process.exit(1);
}
await withDatabase(async (database) => {
  const config = loadConfig();
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.dataDir, 'outbox') });
  try {
    const outcome = await ensureAdmin({ db: database.db, mailer, config }, args.data.email, args.data.password);
    console.log(
      outcome === 'promoted'
        ? `${args.data.email} is now an admin: their sessions ended and a link to set a new password was e-mailed (--password is not used for an existing account)`
        : `${args.data.email} is an admin (${outcome})`,
    );
  } finally {
    mailer.close();
  }
});
