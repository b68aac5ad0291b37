import { createRoot } from 'react-dom/client';
import { findRoute } from '@common/rally-routes';
import { RouteMap } from './route-map';
import '../styles.css';

/** Spec section 9: the route embed animates over 3 seconds unless told otherwise. */
const DEFAULT_DURATION_S = 3;

/** The route-map embed page: /embeds/route-map?route=y2018&duration=3 */
function RouteMapEmbed() {
  const params = new URLSearchParams(window.location.search);
  const route = findRoute(params.get('route'));
  const asked = Number(params.get('duration'));
  const durationS = params.get('duration') !== null && Number.isFinite(asked) && asked >= 0 && asked <= 60 ? asked : DEFAULT_DURATION_S;
  if (!route) {
    return <p className="grid h-screen place-items-center bg-navy-50 p-4 text-center text-slate-700">This route map is not available.</p>;
  }
  return <RouteMap route={route} durationS={durationS} />;
}

createRoot(document.getElementById('root')!).render(<RouteMapEmbed />);
