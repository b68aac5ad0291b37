/**
 * True for the error a browser raises when a lazy page's file cannot be fetched, typically after a
 * deploy replaced the files the open tab knows about. Each engine words it differently; Vite adds
 * its own for a stylesheet it could not preload.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    message,
  );
}
