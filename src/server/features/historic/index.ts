/** What other features use of the historic import: its file checks and its one spreadsheet parser. */
export { IMPORT_MAX_BYTES } from './import-kind';
export { readSpreadsheetUpload } from './spreadsheet-upload';
export { parseSheetInWorker } from './parse-in-worker';
