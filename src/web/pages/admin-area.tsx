import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import NotFoundPage from './not-found-page';

/**
 * The organisers' screens under /admin: each its own chunk, loaded when first shown. They are
 * never drawn by the server, so they need no preloading before hydration.
 */
export const adminPages = {
  '/admin': lazy(() => import('./admin-page')),
  '/admin/historic-emails': lazy(() => import('./admin-historic-emails-page')),
  '/admin/mailing-list': lazy(() => import('./admin-mailing-list-page')),
  '/admin/donations': lazy(() => import('./admin-donations-page')),
  '/admin/settings': lazy(() => import('./admin-settings-page')),
  '/admin/past-rallies': lazy(() => import('./admin-past-rallies-page')),
  '/admin/results': lazy(() => import('./admin-results-page')),
  '/admin/clues': lazy(() => import('./admin-clues-page')),
  '/admin/control-room': lazy(() => import('./admin-control-room-page')),
  '/admin/home-page': lazy(() => import('./admin-home-page')),
  '/admin/contacts': lazy(() => import('./admin-contacts-page')),
  '/admin/team-email': lazy(() => import('./admin-team-email-page')),
  '/admin/privacy': lazy(() => import('./admin-privacy-page')),
  '/admin/audit': lazy(() => import('./admin-audit-page')),
  '/admin/site-health': lazy(() => import('./admin-site-health-page')),
};

export default function AdminArea() {
  return (
    <Switch>
      {Object.entries(adminPages).map(([path, Page]) => (
        <Route key={path} path={path} component={Page} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}
