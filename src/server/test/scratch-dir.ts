import { inject } from 'vitest';

/**
 * Every temporary file of a test (os.tmpdir(): data folders, uploads, embedded clusters) goes in
 * the run's scratch folder, which global-setup.ts makes, on a RAM disk where there is one, and
 * removes at the end of the run.
 */
const scratch = inject('testScratchDir');
// TMPDIR on Linux and macOS, TEMP and TMP on Windows.
process.env.TMPDIR = process.env.TEMP = process.env.TMP = scratch;
