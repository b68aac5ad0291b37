import { startFakeGoCardless } from '../../src/server/test/fake-gocardless';
import { E2E_GOCARDLESS, E2E_GOCARDLESS_PORT } from './env';

/**
 * The fake GoCardless (the same one the API tests use) as its own process for the browser
 * journeys: its API for the site, its hosted payment page for the browser, and signed webhooks
 * back to the site's GoCardless server.
 */
const fake = await startFakeGoCardless({
  port: E2E_GOCARDLESS.fakePort,
  webhook: { url: `http://127.0.0.1:${E2E_GOCARDLESS_PORT}/api/webhooks/gocardless`, secret: E2E_GOCARDLESS.webhookSecret },
});
console.log(`fake GoCardless on ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
