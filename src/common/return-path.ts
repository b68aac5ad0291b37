/**
 * Where the login screen may send someone back to after logging in: an admin page of this site
 * (an organiser sent to log in from it) or the rally app (a team's phone). Anything else, another site included, is refused (null),
 * so a crafted link cannot turn the login screen into a redirect elsewhere.
 */
export function adminReturnPath(next: string | null | undefined): string | null {
  if (!next || next.length > 500) return null;
  return /^\/(?:admin|rally-app)(?:[/?#][^\\\s]*)?$/.test(next) && !next.startsWith('//') && !next.includes('/..') ? next : null;
}

/** The login screen's address that returns to `path` afterwards, if it may (adminReturnPath). */
export function loginPathReturningTo(path: string | null | undefined): string {
  const next = adminReturnPath(path);
  return next ? `/login?${new URLSearchParams({ next })}` : '/login';
}
