/**
 * Seeds the benchmark data set with another checkout's own code (the PGlite site before the move
 * to PostgreSQL), so that its figures come from its own database layer. Run with that checkout as
 * the working directory; writes the seeded people as JSON to the file named by its argument.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const tree = process.cwd();
const load = (file: string) => import(pathToFileURL(path.join(tree, file)).href);
const { loadConfig } = await load('src/server/config.ts');
const { openDatabase } = await load('src/server/db/open.ts');
const { seedLarge } = await load('bench/seed-large.ts');

const database = await openDatabase(loadConfig(process.env));
const people = await seedLarge(database.db);
await database.close();
// A file, not stdout: process.exit would cut a long write to a pipe short.
writeFileSync(process.argv[2]!, JSON.stringify(people));
process.exit(0);
