/** What other features use of the historic import: its file checks and its one spreadsheet parser. */
export { detectKind, IMPORT_MAX_BYTES } from './import-file';
export { parseSheetInWorker } from './parse-in-worker';
