import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(tmpdir(), 'ci-summary-'));
const file = (name: string, body: unknown) => {
  const at = path.join(dir, name);
  writeFileSync(at, typeof body === 'string' ? body : JSON.stringify(body));
  return at;
};

/** A Playwright JSON report of one file with these tests' statuses. */
const journeys = (tests: Record<string, string>) => ({
  stats: {
    expected: Object.values(tests).filter((s) => s === 'expected').length,
    flaky: Object.values(tests).filter((s) => s === 'flaky').length,
    unexpected: Object.values(tests).filter((s) => s === 'unexpected').length,
    skipped: 0,
  },
  suites: [
    {
      title: 'donations-ledger.spec.ts',
      specs: Object.entries(tests).map(([title, status]) => ({ title, tests: [{ projectName: 'desktop', status }] })),
    },
  ],
});
const vitest = { numPassedTests: 10, numFailedTests: 0, numPendingTests: 0 };

function summary(known: string, ...reports: string[]) {
  try {
    return {
      code: 0,
      out: execFileSync('node', ['scripts/ci-summary.mjs', ...reports], { env: { ...process.env, CI_FLAKY_KNOWN: known } }).toString(),
    };
  } catch (error) {
    const e = error as { status: number; stdout: Buffer };
    return { code: e.status, out: e.stdout.toString() };
  }
}

describe("CI's closing summary", () => {
  const none = file('none.txt', '# nothing flaky last time\n');

  it('adds up the reports into one closing line', () => {
    const { code, out } = summary(none, file('unit.json', vitest), file('e2e.json', journeys({ 'pays a deposit': 'expected' })));
    expect(code).toBe(0);
    expect(out.trim().split('\n').at(-1)).toBe('11 passed, 0 failed');
  });

  it('names a journey that passed only on its retry, without failing the run the first time', () => {
    const { code, out } = summary(none, file('e2e-flaky.json', journeys({ 'records a donation': 'flaky' })));
    expect(code).toBe(0);
    expect(out).toContain('FLAKY donations-ledger.spec.ts › records a donation [desktop]');
  });

  it('fails the run when the same journey was flaky in the previous run too', () => {
    const known = file('known.txt', 'donations-ledger.spec.ts › records a donation [desktop]\n');
    const { code, out } = summary(known, file('e2e-again.json', journeys({ 'records a donation': 'flaky' })));
    expect(code).toBe(1);
    expect(out).toContain('flaky in the previous run too');
    expect(out.trim().split('\n').at(-1)).toBe('1 passed, 1 failed');
  });
});
