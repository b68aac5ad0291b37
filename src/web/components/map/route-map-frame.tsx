import { useNearScreen } from '../../lib/near-screen';

/**
 * The animated route-map embed (/embeds/route-map), loaded only once the visitor comes near it:
 * the frame's map code and its animation run on the page's own main thread (same origin), and a
 * browser's lazy loading of frames starts them screens ahead, while a phone is still busy with the
 * page's first screen. Until then the frame is in place, at its size, and empty.
 */
export function RouteMapFrame({ src, title, className = '' }: { src: string; title: string; className?: string }) {
  const { ref, near } = useNearScreen<HTMLIFrameElement>();
  return (
    <iframe
      ref={ref}
      src={near ? src : undefined}
      title={title}
      height={480}
      className={`${className} h-[480px] w-full rounded-2xl border border-slate-200 bg-navy-50 shadow-sm`.trim()}
    />
  );
}
