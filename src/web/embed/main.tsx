import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { RallyRoute } from '@common/schemas/routes';
import { getJson } from '../lib/api';
import { RouteMap } from './route-map';
import '../styles.css';

/** Spec section 9: the route embed animates over 3 seconds unless told otherwise. */
const DEFAULT_DURATION_S = 3;

const Message = ({ children }: { children: string }) => (
  <p role="status" className="grid h-screen place-items-center bg-navy-50 p-4 text-center text-slate-700">
    {children}
  </p>
);

/** The route-map embed page: /embeds/route-map?route=y2018&duration=3, the route read from GET /api/route-maps. */
function RouteMapEmbed() {
  const params = new URLSearchParams(window.location.search);
  const routeId = params.get('route');
  const asked = Number(params.get('duration'));
  const durationS = params.get('duration') !== null && Number.isFinite(asked) && asked >= 0 && asked <= 60 ? asked : DEFAULT_DURATION_S;
  const [route, setRoute] = useState<RallyRoute | null | 'loading' | 'failed'>('loading');
  useEffect(() => {
    getJson<RallyRoute[]>('/api/route-maps').then(
      (routes) => setRoute(routes.find((r) => r.id === routeId && r.stops.length >= 2) ?? null),
      () => setRoute('failed'),
    );
  }, [routeId]);
  if (route === 'loading') return <Message>Loading the route map…</Message>;
  if (route === 'failed') return <Message>The route map could not be loaded. Please try again later.</Message>;
  if (!route) return <Message>This route map is not available.</Message>;
  return <RouteMap route={route} durationS={durationS} />;
}

createRoot(document.getElementById('root')!).render(<RouteMapEmbed />);
