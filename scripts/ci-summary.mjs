// Adds up the Vitest and Playwright JSON reports into one closing line: "N passed, N failed".
// A journey that passed only on its retry is flaky: it is named, and the run fails when the same
// journey was flaky in the previous run too (e2e/flaky-last-run.txt, kept in the repository: copy
// the names this run prints into it when committing, or empty it once they are mended).
import { readFileSync, writeFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const flaky = [];

/** Every test of a Playwright JSON report, with its suite titles: "file › describe › title [project]". */
function* playwrightTests(suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) yield { name: [...here, spec.title].join(' › '), test };
  for (const child of suite.suites ?? []) yield* playwrightTests(child, here);
}

for (const file of process.argv.slice(2)) {
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    for (const suite of report.suites ?? [])
      for (const { name, test } of playwrightTests(suite)) if (test.status === 'flaky') flaky.push(`${name} [${test.projectName}]`);
  }
}

const KNOWN = process.env.CI_FLAKY_KNOWN ?? new URL('../e2e/flaky-last-run.txt', import.meta.url);
const lastRun = new Set(
  readFileSync(KNOWN, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#')),
);
const again = flaky.filter((name) => lastRun.has(name));
if (flaky.length) {
  console.log(`\nFlaky journeys (failed, then passed on their retry): ${flaky.length}`);
  for (const name of flaky) console.log(`  FLAKY ${name}${lastRun.has(name) ? '  <- flaky in the previous run too' : ''}`);
  console.log('Record them in e2e/flaky-last-run.txt with the next commit, and mend them.');
  if (process.env.CI_FLAKY_OUT) writeFileSync(process.env.CI_FLAKY_OUT, flaky.join('\n') + '\n');
}
if (again.length) console.log(`\n${again.length} journey(s) flaky in two runs in a row: that fails the run.`);
console.log(`${passed} passed, ${failed + again.length} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || again.length > 0 ? 1 : 0);
