import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GalleryPhoto, NewRally, PastRally, RallyFields, RallyImageAnswer } from '@common/schemas/past-rallies';
import type { OkAnswer } from '@common/schemas/answers';
import { sendJson } from '../../lib/api';
import { refetchPastRallies } from '../../lib/past-rallies';

/** An organiser's change to the rallies; the public pages follow from the refetched list. */
function useRallyChange<T>(send: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => refetchPastRallies(queryClient) });
}

export const useAddRally = () => useRallyChange((rally: NewRally) => sendJson<PastRally>('POST', '/api/admin/past-rallies', rally));
export const useUpdateRally = () =>
  useRallyChange(({ year, fields }: { year: number; fields: RallyFields }) =>
    sendJson<PastRally>('PUT', `/api/admin/past-rallies/${year}`, fields),
  );
export const useDeleteRally = () => useRallyChange((year: number) => sendJson<OkAnswer>('DELETE', `/api/admin/past-rallies/${year}`));
export const useAddPhoto = () =>
  useRallyChange(({ year, uploadURL, caption }: { year: number; uploadURL: string; caption: string }) =>
    sendJson<GalleryPhoto>('POST', `/api/admin/past-rallies/${year}/photos`, { uploadURL, caption }),
  );
export const useCaptionPhoto = () =>
  useRallyChange(({ year, id, caption }: { year: number; id: number; caption: string }) =>
    sendJson<GalleryPhoto>('PATCH', `/api/admin/past-rallies/${year}/photos/${id}`, { caption }),
  );
export const useDeletePhoto = () =>
  useRallyChange(({ year, id }: { year: number; id: number }) =>
    sendJson<OkAnswer>('DELETE', `/api/admin/past-rallies/${year}/photos/${id}`),
  );
export const useReorderPhotos = () =>
  useRallyChange(({ year, ids }: { year: number; ids: number[] }) =>
    sendJson<PastRally>('PUT', `/api/admin/past-rallies/${year}/photo-order`, { ids }),
  );

/** A cover image uploaded from the rally form; its address is saved with the rally's other facts. */
export const publishCoverImage = (objectId: string) =>
  sendJson<RallyImageAnswer>('POST', '/api/admin/past-rallies/images', { uploadURL: objectId });
