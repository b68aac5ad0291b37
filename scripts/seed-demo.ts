/** `npm run seed:demo`: loads the demo data once; a database that has rally data is left alone. */
import { withDatabase } from './cli';
import { demoLoadedLine, seedDemoIfEmpty } from '../src/server/seed/demo';

await withDatabase(async (database) => {
  const seeded = await seedDemoIfEmpty(database.db, { production: process.env.NODE_ENV === 'production' });
  console.log(seeded ? demoLoadedLine(seeded) : 'the database already has rally data: nothing loaded');
});
