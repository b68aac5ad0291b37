import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The route table of spec section 2. Each page is its own chunk, so public pages never load
 * admin or dashboard code. Order matters: the first match wins.
 */
type Route = { path: string; page: LazyExoticComponent<ComponentType<any>> };

export const routes: Route[] = [
  { path: '/', page: lazy(() => import('./pages/home-page')) },
  { path: '/about', page: lazy(() => import('./pages/about-page')) },
  { path: '/privacy', page: lazy(() => import('./pages/privacy-page')) },
  { path: '/rally', page: lazy(() => import('./pages/rally-page')) },
  { path: '/rally/:year', page: lazy(() => import('./pages/rally-page')) },
  { path: '/this-year', page: lazy(() => import('./pages/this-year-page')) },
  { path: '/teams', page: lazy(() => import('./pages/teams-page')) },
  { path: '/registered', page: lazy(() => import('./pages/registered-page')) },
  { path: '/leaderboard', page: lazy(() => import('./pages/leaderboard-page')) },
  { path: '/donate/thank-you', page: lazy(() => import('./pages/donate-thank-you-page')) },
  { path: '/donate/:signupId', page: lazy(() => import('./pages/donate-page')) },
  { path: '/signup', page: lazy(() => import('./pages/signup-page')) },
  { path: '/login', page: lazy(() => import('./pages/login-page')) },
  { path: '/logout', page: lazy(() => import('./pages/logout-page')) },
  { path: '/forgot-password', page: lazy(() => import('./pages/forgot-password-page')) },
  { path: '/reset-password', page: lazy(() => import('./pages/reset-password-page')) },
  { path: '/dashboard', page: lazy(() => import('./pages/dashboard-page')) },
  { path: '/admin', page: lazy(() => import('./pages/admin-page')) },
  { path: '/admin/historic-emails', page: lazy(() => import('./pages/admin-historic-emails-page')) },
  { path: '/admin/mailing-list', page: lazy(() => import('./pages/admin-mailing-list-page')) },
  { path: '/admin/donations', page: lazy(() => import('./pages/admin-donations-page')) },
  { path: '/admin/settings', page: lazy(() => import('./pages/admin-settings-page')) },
  { path: '/admin/rallies', page: lazy(() => import('./pages/admin-rallies-page')) },
  { path: '/admin/results', page: lazy(() => import('./pages/admin-results-page')) },
  { path: '/admin/home-page', page: lazy(() => import('./pages/admin-home-page')) },
  { path: '/admin/contacts', page: lazy(() => import('./pages/admin-contacts-page')) },
  { path: '/consent/:token', page: lazy(() => import('./pages/consent-page')) },
  { path: '/unsubscribe', page: lazy(() => import('./pages/unsubscribe-page')) },
  { path: '/unsubscribe/:token', page: lazy(() => import('./pages/unsubscribe-page')) },
];

export const NotFoundPage = lazy(() => import('./pages/not-found-page'));
