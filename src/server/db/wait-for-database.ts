import { isDatabaseUnavailable } from './unavailable';

/**
 * Waits for a database that does not answer yet (a container starting beside the site, a server
 * restarting), trying again after 1, 2, 4... up to 30 seconds, for `giveUpAfterMs` in all. Each
 * wait is logged with the setting to check. Other errors (a wrong password, no such database) are
 * not waited on.
 */
export async function waitForDatabase(
  ping: () => Promise<unknown>,
  opts: { setting: string; warn: (msg: string) => void; giveUpAfterMs?: number; sleep?: (ms: number) => Promise<void> },
): Promise<void> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise((resolve) => setTimeout(resolve, ms)));
  const giveUpAfter = opts.giveUpAfterMs ?? 120_000;
  let waited = 0;
  for (let delay = 1000; ; delay = Math.min(delay * 2, 30_000)) {
    try {
      await ping();
      return;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || waited >= giveUpAfter) throw err;
      // The query error's own message is only "Failed query: select 1"; the cause says why (ENOTFOUND, ECONNREFUSED).
      const cause = (err as Error & { cause?: unknown }).cause;
      const why = cause instanceof Error ? cause.message : (err as Error).message;
      opts.warn(`the database at ${opts.setting} does not answer (${why}); trying again in ${delay / 1000} s`);
      await sleep(delay);
      waited += delay;
    }
  }
}
