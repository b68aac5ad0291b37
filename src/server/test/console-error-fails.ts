import { afterAll, afterEach } from 'vitest';
import { format } from 'node:util';

/**
 * A test during which something writes to console.error fails: an error that only shows in the
 * log (an unhandled rejection in a worker, a React warning) is a bug the assertions missed.
 * The message is still printed, so the failure shows what was written.
 */
const written: string[] = [];
const original = console.error.bind(console);
console.error = (...args: unknown[]) => {
  written.push(format(...args));
  original(...args);
};

function check(when: string) {
  if (!written.length) return;
  const messages = written.splice(0);
  throw new Error(`console.error was called ${when}:\n${messages.map((m) => m.slice(0, 2000)).join('\n---\n')}`);
}

afterEach(() => check('during this test'));
afterAll(() => check('while the file set up or tore down'));
