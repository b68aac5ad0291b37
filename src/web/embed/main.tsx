import { createRoot } from 'react-dom/client';
import '../styles.css';

/** The route-map embed page: /embeds/route-map?route=y2018&duration=3 */
function RouteMapEmbed() {
  const params = new URLSearchParams(window.location.search);
  return <p className="p-4 text-sm text-slate-600">Route map {params.get('route')}</p>;
}

createRoot(document.getElementById('root')!).render(<RouteMapEmbed />);
