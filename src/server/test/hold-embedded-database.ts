/**
 * Opens the embedded database of DATA_DIR, prints its server's pid and waits: a site stand-in that
 * a test can kill with SIGKILL (open.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open';

const config = loadConfig(process.env);
await openDatabase(config);
const postmaster = readFileSync(path.join(config.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0];
process.stdout.write(`${postmaster}\n`);
setInterval(() => {}, 60_000);
