import { startFakeJustGiving } from '../../src/server/test/fake-justgiving';
import { E2E_JUSTGIVING } from './env';

/**
 * The fake JustGiving (the same one the API tests use) as its own process for the browser
 * journeys. Pages named `e2e-jg-...` exist, each with the same title, owner and total; any other
 * page (the demo teams') is not found, as JustGiving answers for an unknown page.
 */
const fake = await startFakeJustGiving(E2E_JUSTGIVING.appId, {
  port: E2E_JUSTGIVING.fakePort,
  otherPages: (shortName) => (shortName.startsWith('e2e-jg-') ? E2E_JUSTGIVING.page : undefined),
});
console.log(`fake JustGiving on ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
