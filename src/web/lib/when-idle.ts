/**
 * Runs `task` once the browser is idle, and at the latest after `timeoutMs`: work a page can do a
 * moment later (a second read, the queue's first send) then does not lengthen the task that hydrates
 * it, which is what a slow phone's first taps wait for. Returns what cancels it.
 */
export function whenIdle(task: () => void, timeoutMs = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}
