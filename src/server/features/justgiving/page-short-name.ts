/** A JustGiving page's short name: letters, digits and dashes (JustGiving's own page addresses). */
const SHORT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,149}$/;

/**
 * The page short name in a team's JustGiving address, which the API names pages by: the
 * documented form `justgiving.com/{shortName}` and the site's `/fundraising/{shortName}` and
 * `/page/{shortName}` forms. Null when the address is not a JustGiving fundraising page.
 */
export function pageShortName(url: string | null | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  const host = parsed.hostname.toLowerCase();
  if (host !== 'justgiving.com' && !host.endsWith('.justgiving.com')) return null;
  const parts = parsed.pathname.split('/').filter(Boolean);
  const name =
    parts.length === 2 && ['fundraising', 'page'].includes(parts[0]!.toLowerCase()) ? parts[1] : parts.length === 1 ? parts[0] : null;
  return name && SHORT_NAME.test(name) ? name : null;
}
