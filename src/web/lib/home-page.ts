import { useQuery } from '@tanstack/react-query';
import type { StatTiles, Testimonial } from '@common/schemas/home-page';
import { getJson } from './api';

export const testimonialsKey = ['/api/home-page/testimonials'] as const;
export const statsKey = ['/api/home-page/stats'] as const;

/** The Rallier Stories in the organisers' order (the home page and /admin/home-page). */
export const useTestimonials = () =>
  useQuery({ queryKey: testimonialsKey, queryFn: () => getJson<Testimonial[]>('/api/home-page/testimonials'), staleTime: 5 * 60_000 });

/** The Rally in Numbers tiles as the home page shows them. */
export const useStatTiles = () =>
  useQuery({ queryKey: statsKey, queryFn: () => getJson<StatTiles>('/api/home-page/stats'), staleTime: 5 * 60_000 });
