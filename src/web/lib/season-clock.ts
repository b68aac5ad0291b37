/**
 * Now, for the season's phase and the countdown. The server may hold its clock at an instant
 * (RALLY_CLOCK, for tests and demos) and then says so in the page; the browser carries that
 * instant on from when the page loaded, so its pages agree with the server's answers. Otherwise
 * both read the real time.
 */
let held: { at: number; loadedAt: number } | null = null;

/** The server's held instant (ISO date-time), or null for real time. */
export function setSeasonClock(at: string | null): void {
  held = at ? { at: Date.parse(at), loadedAt: Date.now() } : null;
}

/** Reads the instant the server put in the page (plugins/web-app.ts), if any. */
export function loadSeasonClock(): void {
  const embedded = document.getElementById('rally-clock')?.textContent;
  setSeasonClock(embedded ? (JSON.parse(embedded) as string) : null);
}

export function seasonNow(): Date {
  return held ? new Date(held.at + (Date.now() - held.loadedAt)) : new Date();
}
