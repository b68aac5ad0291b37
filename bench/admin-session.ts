/** Logs in to a running site (benchmarks, hardening) and returns the session cookie header. */
export async function adminCookie(siteUrl: string, admin: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${siteUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!res.ok) throw new Error(`admin login failed: ${res.status}`);
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
  if (!sid) throw new Error('no session cookie');
  return sid.split(';')[0]!; // split always gives at least one part
}
