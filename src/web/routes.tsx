import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoute } from 'wouter';
import { parse } from 'regexparam';

type PageModule = { default: ComponentType<any> };

/**
 * A page's own chunk, loaded when first shown, or ahead with `preload`: the browser does that
 * before hydrating a server-rendered page, so its first render has the page's code at hand. (A
 * page whose code was still loading would be hydrated later, when data fetched meanwhile would
 * make it differ from the server's HTML.)
 */
function pageChunk(load: () => Promise<PageModule>) {
  let loaded: PageModule | undefined;
  // Once loaded, a thenable that answers at once, so React.lazy renders without suspending.
  const page = lazy(() => (loaded ? ({ then: (resolve: (m: PageModule) => void) => resolve(loaded!) } as Promise<PageModule>) : load()));
  const preload = async () => void (loaded = await load());
  return { page, preload };
}

/**
 * The route table of spec section 2. Each page is its own chunk, so public pages never load
 * admin or dashboard code. Order matters: the first match wins. The server-rendered ones are
 * listed with their queries in ssr-queries.ts.
 */
type Route = {
  path: string;
  page: LazyExoticComponent<ComponentType<any>>;
  preload: () => Promise<void>;
};

export const routes: Route[] = [
  { path: '/', ...pageChunk(() => import('./pages/home-page')) },
  { path: '/about', ...pageChunk(() => import('./pages/about-page')) },
  { path: '/privacy', ...pageChunk(() => import('./pages/privacy-page')) },
  { path: '/rally', ...pageChunk(() => import('./pages/rally-page')) },
  { path: '/rally/:year', ...pageChunk(() => import('./pages/rally-page')) },
  { path: '/this-year', ...pageChunk(() => import('./pages/this-year-page')) },
  { path: '/teams', ...pageChunk(() => import('./pages/teams-page')) },
  { path: '/registered', ...pageChunk(() => import('./pages/registered-page')) },
  { path: '/leaderboard', ...pageChunk(() => import('./pages/leaderboard-page')) },
  { path: '/live', ...pageChunk(() => import('./pages/live-page')) },
  { path: '/donate/thank-you', ...pageChunk(() => import('./pages/donate-thank-you-page')) },
  { path: '/donate/:signupId', ...pageChunk(() => import('./pages/donate-page')) },
  { path: '/signup', ...pageChunk(() => import('./pages/signup-page')) },
  { path: '/login', ...pageChunk(() => import('./pages/login-page')) },
  { path: '/logout', ...pageChunk(() => import('./pages/logout-page')) },
  { path: '/forgot-password', ...pageChunk(() => import('./pages/forgot-password-page')) },
  { path: '/reset-password', ...pageChunk(() => import('./pages/reset-password-page')) },
  { path: '/verify-email', ...pageChunk(() => import('./pages/verify-email-page')) },
  { path: '/dashboard', ...pageChunk(() => import('./pages/dashboard-page')) },
  // The team's phone during the rally: installable, works offline (its service worker is registered by this page only).
  { path: '/rally-app', ...pageChunk(() => import('./pages/rally-app-page')) },
  { path: '/team-invitation', ...pageChunk(() => import('./pages/team-invitation-page')) },
  // Every organiser screen, in a table of its own (pages/admin-area.tsx): a visitor's first page
  // carries one entry for them all.
  { path: '/admin/*?', ...pageChunk(() => import('./pages/admin-area')) },
  { path: '/consent/:token', ...pageChunk(() => import('./pages/consent-page')) },
  { path: '/unsubscribe', ...pageChunk(() => import('./pages/unsubscribe-page')) },
  { path: '/unsubscribe/:token', ...pageChunk(() => import('./pages/unsubscribe-page')) },
  { path: '/follow/confirm/:token', ...pageChunk(() => import('./pages/follow-confirm-page')) },
  { path: '/follow/:token', ...pageChunk(() => import('./pages/follow-page')) },
];

/** The page of every other address (which the server answers 404), preloaded before hydrating as a route's page is. */
export const notFound = pageChunk(() => import('./pages/not-found-page'));
export const NotFoundPage = notFound.page;

/** The route an address shows: the first that matches (as the app's Switch picks). */
export const routeFor = (pathname: string): Route | undefined => routes.find((r) => matchRoute(parse, r.path, pathname)[0]);
