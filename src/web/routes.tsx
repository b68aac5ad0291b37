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
function pageChunk(name: string) {
  const load = () => import(`./pages/${name}.tsx`) as Promise<PageModule>;
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
  { path: '/', ...pageChunk('home-page') },
  { path: '/about', ...pageChunk('about-page') },
  { path: '/privacy', ...pageChunk('privacy-page') },
  { path: '/rally', ...pageChunk('rally-page') },
  { path: '/rally/:year', ...pageChunk('rally-page') },
  { path: '/this-year', ...pageChunk('this-year-page') },
  { path: '/teams', ...pageChunk('teams-page') },
  { path: '/registered', ...pageChunk('registered-page') },
  { path: '/leaderboard', ...pageChunk('leaderboard-page') },
  { path: '/donate/thank-you', ...pageChunk('donate-thank-you-page') },
  { path: '/donate/:signupId', ...pageChunk('donate-page') },
  { path: '/signup', ...pageChunk('signup-page') },
  { path: '/login', ...pageChunk('login-page') },
  { path: '/logout', ...pageChunk('logout-page') },
  { path: '/forgot-password', ...pageChunk('forgot-password-page') },
  { path: '/reset-password', ...pageChunk('reset-password-page') },
  { path: '/verify-email', ...pageChunk('verify-email-page') },
  { path: '/dashboard', ...pageChunk('dashboard-page') },
  { path: '/team-invitation', ...pageChunk('team-invitation-page') },
  { path: '/admin', ...pageChunk('admin-page') },
  { path: '/admin/historic-emails', ...pageChunk('admin-historic-emails-page') },
  { path: '/admin/mailing-list', ...pageChunk('admin-mailing-list-page') },
  { path: '/admin/donations', ...pageChunk('admin-donations-page') },
  { path: '/admin/settings', ...pageChunk('admin-settings-page') },
  { path: '/admin/rallies', ...pageChunk('admin-rallies-page') },
  { path: '/admin/results', ...pageChunk('admin-results-page') },
  { path: '/admin/clues', ...pageChunk('admin-clues-page') },
  { path: '/admin/home-page', ...pageChunk('admin-home-page') },
  { path: '/admin/contacts', ...pageChunk('admin-contacts-page') },
  { path: '/admin/team-email', ...pageChunk('admin-team-email-page') },
  { path: '/admin/privacy', ...pageChunk('admin-privacy-page') },
  { path: '/admin/audit', ...pageChunk('admin-audit-page') },
  { path: '/consent/:token', ...pageChunk('consent-page') },
  { path: '/unsubscribe', ...pageChunk('unsubscribe-page') },
  { path: '/unsubscribe/:token', ...pageChunk('unsubscribe-page') },
];

export const NotFoundPage = lazy(() => import('./pages/not-found-page'));

/** The route an address shows: the first that matches (as the app's Switch picks). */
export const routeFor = (pathname: string): Route | undefined => routes.find((r) => matchRoute(parse, r.path, pathname)[0]);
