/**
 * PostgreSQL error classes and socket errors that mean "the database cannot be reached right now"
 * (a restart, a failover, a dropped connection), as opposed to a fault in the request.
 * 08: connection exceptions; 57P01-57P03: shutting down or starting up; 53: out of resources.
 */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[123]|53)/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
// The last: an organiser closed the database to new connections (ALTER DATABASE ... ALLOW_CONNECTIONS
// false), SQLSTATE 55000, a class too broad to count whole.
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|is not currently accepting connections/;

/** True when `err` (or what it wraps: Drizzle wraps the driver's error as `cause`) is an outage. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: any = err, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (typeof e.code === 'string' && (UNAVAILABLE_SQLSTATE.test(e.code) || UNAVAILABLE_SOCKET.has(e.code))) return true;
    // Any failure to open a connection (a Unix socket that is gone answers ENOENT).
    if (e.syscall === 'connect' || e.syscall === 'getaddrinfo') return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** True when `err` says the disk is full: PostgreSQL's disk_full or the operating system's ENOSPC. */
export function isDiskFull(err: unknown): boolean {
  for (let e: any = err, depth = 0; e && depth < 5; e = e.cause, depth++) {
    if (e.code === '53100' || e.code === 'ENOSPC') return true;
  }
  return false;
}
