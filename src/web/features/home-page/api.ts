import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StatAdmin, StatSettingsInput, Testimonial, TestimonialFields } from '@common/schemas/home-page';
import type { OkAnswer } from '@common/schemas/answers';
import { getJson, sendJson } from '../../lib/api';
import { statsKey, testimonialsKey } from '../../lib/home-page';
import { homePageKeys } from '../../query-keys/home-page';

/** The organisers' view of the tiles: computed figures beside their overrides. */
export const statAdminQuery = () =>
  queryOptions({ queryKey: homePageKeys.statAdmin, queryFn: () => getJson<StatAdmin>('/api/admin/home-page/stats') });
export const useStatAdmin = () => useQuery(statAdminQuery());

function useStoryChange<T>(send: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: testimonialsKey }) });
}

export const useAddTestimonial = () =>
  useStoryChange((fields: TestimonialFields) => sendJson<Testimonial>('POST', '/api/admin/home-page/testimonials', fields));
export const useUpdateTestimonial = () =>
  useStoryChange(({ id, fields }: { id: number; fields: TestimonialFields }) =>
    sendJson<Testimonial>('PUT', `/api/admin/home-page/testimonials/${id}`, fields),
  );
export const useDeleteTestimonial = () =>
  useStoryChange((id: number) => sendJson<OkAnswer>('DELETE', `/api/admin/home-page/testimonials/${id}`));
export const useReorderTestimonials = () =>
  useStoryChange((ids: number[]) => sendJson<Testimonial[]>('PUT', '/api/admin/home-page/testimonial-order', { ids }));

export function useSaveStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StatSettingsInput) => sendJson<StatAdmin>('PUT', '/api/admin/home-page/stats', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(homePageKeys.statAdmin, saved);
      return queryClient.invalidateQueries({ queryKey: statsKey });
    },
  });
}
