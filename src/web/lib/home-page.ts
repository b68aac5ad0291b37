import { useQuery } from '@tanstack/react-query';
import type { StatTiles, Testimonial } from '@common/schemas/home-page';

export const testimonialsKey = ['/api/home-page/testimonials'] as const;
export const statsKey = ['/api/home-page/stats'] as const;

/** The Rallier Stories in the organisers' order (the home page and /admin/home-page). */
export const useTestimonials = () => useQuery<Testimonial[]>({ queryKey: testimonialsKey, staleTime: 5 * 60_000 });

/** The Rally in Numbers tiles as the home page shows them. */
export const useStatTiles = () => useQuery<StatTiles>({ queryKey: statsKey, staleTime: 5 * 60_000 });
