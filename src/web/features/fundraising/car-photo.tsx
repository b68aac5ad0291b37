import { useState } from 'react';
import { Car } from 'lucide-react';
import { cn } from '../../lib/cn';

/** Uploaded car images have a small WebP beside them ("-thumb"); other URLs are used as they are. */
export function thumbnailUrl(url: string): string {
  return /\/car-images\/[^/]+\.webp$/.test(url) ? url.replace(/\.webp$/, '-thumb.webp') : url;
}

/** The team's car photo (thumbnail first, the full image if there is none), or a drawn placeholder. */
export function CarPhoto({ url, alt, thumbnail, className }: { url: string | null; alt: string; thumbnail?: boolean; className?: string }) {
  const [src, setSrc] = useState(url && thumbnail ? thumbnailUrl(url) : url);
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div
        className={cn(
          'flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-navy-800 to-navy-950 text-navy-200',
          className,
        )}
      >
        <Car className="h-12 w-12" aria-hidden />
        <span className="text-xs font-semibold uppercase tracking-widest">Photo coming soon</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={cn('object-cover', className)}
      onError={() => (url && src !== url ? setSrc(url) : setFailed(true))}
    />
  );
}
