import { parse } from 'regexparam';

/**
 * Every address the web app has a page for (src/web/routes.tsx, and the organisers' screens of
 * src/web/pages/admin-area.tsx; routes.test.ts holds the three lists together). The server answers
 * any other address 404 with the not-found page, so a mistyped link or a probe for /metrics does
 * not look found to a crawler or a monitor.
 */
export const PAGE_PATHS = [
  '/',
  '/about',
  '/privacy',
  '/rally',
  '/rally/:year',
  '/this-year',
  '/teams',
  '/registered',
  '/leaderboard',
  '/live',
  '/donate/thank-you',
  '/donate/:signupId',
  '/signup',
  '/login',
  '/logout',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/dashboard',
  '/rally-app',
  '/team-invitation',
  '/consent/:token',
  '/unsubscribe',
  '/unsubscribe/:token',
  '/follow/confirm/:token',
  '/follow/:token',
] as const;

export const ADMIN_PAGE_PATHS = [
  '/admin',
  '/admin/historic-emails',
  '/admin/mailing-list',
  '/admin/donations',
  '/admin/settings',
  '/admin/past-rallies',
  '/admin/results',
  '/admin/clues',
  '/admin/control-room',
  '/admin/home-page',
  '/admin/contacts',
  '/admin/team-email',
  '/admin/privacy',
  '/admin/audit',
  '/admin/site-health',
] as const;

const patterns = [...PAGE_PATHS, ...ADMIN_PAGE_PATHS].map((path) => parse(path).pattern);

/** Whether the app has a page at this path (no query string), matched as the app's router matches it. */
export const isPagePath = (pathname: string): boolean => patterns.some((pattern) => pattern.test(pathname));
