import { useState } from 'react';
import { cn } from '../../lib/cn';
import { Lightbox } from './lightbox';

/** A photo as the gallery shows it: the grid uses the thumbnail when there is one. */
export type GalleryImage = { url: string; thumbUrl?: string | null; caption?: string };

export const GALLERY_PAGE_SIZE = 12;

/**
 * The reusable photo gallery: a thumbnail grid of 12 a page with pagination, and a lightbox.
 * Moving through the lightbox onto another page's photo switches the grid to that page.
 */
export function PhotoGallery({
  images,
  altPrefix,
  pageSize = GALLERY_PAGE_SIZE,
}: {
  images: GalleryImage[];
  altPrefix: string;
  pageSize?: number;
}) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const pages = Math.max(1, Math.ceil(images.length / pageSize));
  const first = (page - 1) * pageSize;
  const shown = images.slice(first, first + pageSize);
  const caption = (img: GalleryImage, i: number) => img.caption || `${altPrefix}, photo ${i + 1}`;

  const show = (i: number) => {
    setOpen(i);
    setPage(Math.floor(i / pageSize) + 1);
  };
  const pageButton =
    'h-10 min-w-10 rounded-lg border px-3 text-sm font-semibold cursor-pointer disabled:cursor-not-allowed disabled:opacity-50';

  return (
    <div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {shown.map((img, k) => {
          const i = first + k;
          return (
            <li key={img.url}>
              <button
                type="button"
                onClick={() => show(i)}
                className="group block w-full overflow-hidden rounded-xl bg-navy-900 text-left shadow-sm cursor-pointer"
              >
                <img
                  src={img.thumbUrl ?? img.url}
                  alt={caption(img, i)}
                  loading="lazy"
                  width={960}
                  height={640}
                  className="aspect-[3/2] w-full object-cover transition duration-300 group-hover:scale-105 group-hover:opacity-90"
                />
              </button>
              <p className="mt-1.5 truncate text-sm text-slate-600" aria-hidden>
                {caption(img, i)}
              </p>
            </li>
          );
        })}
      </ul>
      <div className="mt-6 flex flex-col items-center justify-between gap-4 sm:flex-row">
        <p className="text-sm text-slate-600">
          Showing {first + 1}-{first + shown.length} of {images.length} photos
        </p>
        {pages > 1 && (
          <nav aria-label="Gallery pages" className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={cn(pageButton, 'border-slate-300 bg-white text-navy-900 hover:bg-navy-50')}
              disabled={page === 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </button>
            {Array.from({ length: pages }, (_, p) => p + 1).map((p) => (
              <button
                key={p}
                type="button"
                aria-current={p === page ? 'page' : undefined}
                aria-label={`Page ${p}`}
                onClick={() => setPage(p)}
                className={cn(
                  pageButton,
                  p === page ? 'border-navy-900 bg-navy-900 text-white' : 'border-slate-300 bg-white text-navy-900 hover:bg-navy-50',
                )}
              >
                {p}
              </button>
            ))}
            <button
              type="button"
              className={cn(pageButton, 'border-slate-300 bg-white text-navy-900 hover:bg-navy-50')}
              disabled={page === pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </button>
          </nav>
        )}
      </div>
      <Lightbox images={images} index={open} onIndex={show} onClose={() => setOpen(null)} altPrefix={altPrefix} />
    </div>
  );
}
