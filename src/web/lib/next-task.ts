/**
 * Settles in a task of its own, so the browser may paint and handle a tap in between: the app's
 * start is cut into steps this way, none of them long enough to block a slow phone for long.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
