import { PAGE_SHORT_NAME } from '../../../common/schemas/justgiving';

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
  return name && PAGE_SHORT_NAME.test(name) ? name : null;
}
