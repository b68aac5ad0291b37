/** `npm run seed:demo`: loads the demo data once; a database that has rally data is left alone. */
import { withDatabase } from './cli';
import { seedDemoIfEmpty } from '../src/server/seed/demo';

await withDatabase(async (database) => {
  const seeded = await seedDemoIfEmpty(database.db, { production: process.env.NODE_ENV === 'production' });
  console.log(
    seeded
      ? `demo data loaded; demo admin: ${seeded.adminEmail} / ${seeded.adminPassword}${process.env.NODE_ENV === 'production' ? ' (random, shown only now)' : ''}`
      : 'the database already has rally data: nothing loaded',
  );
});
