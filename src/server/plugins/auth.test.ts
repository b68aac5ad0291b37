import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

/** The start-up check of the route guards (assertGuarded), as a rallier route would meet it. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('rallier routes', () => {
  it('stop the app from starting when a route under /api/my- lacks the guard', () => {
    expect(() => app.get('/api/my-unguarded', async () => 'secret')).toThrow(/no onRequest: app.requireUser/);
  });

  it('stop the app from starting when the guard is given in a later hook', () => {
    expect(() => app.get('/api/my-late', { preHandler: app.requireUser }, async () => 'secret')).toThrow(/no onRequest: app.requireUser/);
    expect(() => app.post('/api/elsewhere', { preValidation: app.requireUser }, async () => 'secret')).toThrow(
      /guard in preValidation: guards go in onRequest/,
    );
  });

  it('start with the guard in onRequest', () => {
    expect(() => app.get('/api/my-guarded', { onRequest: app.requireUser }, async () => 'secret')).not.toThrow();
  });
});
