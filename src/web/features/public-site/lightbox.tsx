import { Dialog } from 'radix-ui';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { GalleryImage } from './photo-gallery';

/** Full-screen view of one photo: caption, 'i / n', previous and next; arrow keys wrap, Escape closes. */
export function Lightbox({
  images,
  index,
  onIndex,
  onClose,
  altPrefix,
}: {
  images: GalleryImage[];
  index: number | null;
  onIndex: (i: number) => void;
  onClose: () => void;
  altPrefix: string;
}) {
  const n = images.length;
  const go = (delta: number) => index !== null && onIndex((index + delta + n) % n);
  const image = index !== null ? images[index] : null;
  const caption = image?.caption || `${altPrefix}, photo ${(index ?? 0) + 1}`;
  const navButton =
    'absolute top-1/2 grid h-12 w-12 -translate-y-1/2 place-items-center rounded-full bg-white/10 text-white hover:bg-white/25 cursor-pointer';
  return (
    <Dialog.Root open={index !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/95" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4 outline-none sm:p-10"
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') {
              e.preventDefault();
              go(1);
            }
            if (e.key === 'ArrowLeft') {
              e.preventDefault();
              go(-1);
            }
          }}
        >
          <Dialog.Description className="sr-only">Use the left and right arrow keys to move between photos.</Dialog.Description>
          {!image && <Dialog.Title className="sr-only">Photo</Dialog.Title>}
          {image && (
            <figure className="flex max-h-full w-full max-w-5xl flex-col items-center">
              <img src={image.url} alt={caption} className="max-h-[75vh] w-auto max-w-full rounded-lg object-contain shadow-2xl" />
              <figcaption className="mt-4 flex w-full items-center justify-between gap-4 text-white">
                <Dialog.Title className="text-base font-normal">{caption}</Dialog.Title>
                <span className="shrink-0 tabular-nums text-navy-100" aria-live="polite">
                  {(index ?? 0) + 1} / {n}
                </span>
              </figcaption>
            </figure>
          )}
          <button type="button" className={`${navButton} left-2 sm:left-6`} onClick={() => go(-1)} aria-label="Previous photo">
            <ChevronLeft className="h-7 w-7" aria-hidden />
          </button>
          <button type="button" className={`${navButton} right-2 sm:right-6`} onClick={() => go(1)} aria-label="Next photo">
            <ChevronRight className="h-7 w-7" aria-hidden />
          </button>
          <Dialog.Close
            className="absolute right-3 top-3 grid h-11 w-11 place-items-center rounded-full bg-white/10 text-white hover:bg-white/25 cursor-pointer"
            aria-label="Close"
          >
            <X className="h-6 w-6" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
