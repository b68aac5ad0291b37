/**
 * `npm run create-admin -- --email E`: creates an admin, asking for the password on the terminal
 * (twice, not shown), or promotes an existing user. `--password P` still works, but npm prints the
 * command with it and the shell keeps it in its history.
 */
import { parseArgs } from 'node:util';
import { text } from 'node:stream/consumers';
import { z } from 'zod';
import { read } from 'read';
import { withDatabase } from './cli';
import path from 'node:path';
import { ensureAdmin } from '../src/server/seed/admin';
import { loadConfig } from '../src/server/config';
import { createMailer } from '../src/server/services/mail';
import { StartError } from '../src/server/errors';

const password = z.string().min(8, 'The password must be at least 8 characters');
const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
const args = z.object({ email: z.email('--email must be an e-mail address'), password: password.optional() }).safeParse(values);
if (!args.success) {
  console.error('Usage: npm run create-admin -- --email you@example.org   (then type the password when asked)');
  for (const issue of args.error.issues) console.error(`  - ${issue.message}`);
  process.exit(1);
}

/** The new organiser's password, typed twice and not shown, or the first two lines of a pipe. */
async function askPassword(): Promise<string> {
  const ask = (prompt: string) => read({ prompt, silent: true, replace: '*', output: process.stderr });
  const [first = '', again = ''] = process.stdin.isTTY
    ? [await ask('Password for the new organiser (at least 8 characters): '), await ask('The same password again: ')]
    : (await text(process.stdin)).split(/\r?\n/);
  if (first !== again) throw new StartError('The two passwords differ: nothing was changed.');
  const checked = password.safeParse(first);
  if (!checked.success) throw new StartError(`${checked.error.issues[0]!.message}: nothing was changed.`);
  return checked.data;
}

await withDatabase(async (database) => {
  const config = loadConfig();
  const { email } = args.data;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.dataDir, 'outbox') });
  try {
    const outcome = await ensureAdmin({ db: database.db, mailer, config }, email, args.data.password ?? askPassword);
    console.log(
      outcome === 'promoted'
        ? `${email} is now an admin: their sessions ended and a link to set a new password was e-mailed (no password is used for an existing account)`
        : `${email} is an admin (${outcome})`,
    );
  } finally {
    mailer.close();
  }
});
