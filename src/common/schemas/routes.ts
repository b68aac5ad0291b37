import { z } from 'zod';
import { requiredText } from './primitives';

export const longitude = z
  .number({ error: 'Longitude must be a number' })
  .min(-180, 'Longitude must be between -180 and 180')
  .max(180, 'Longitude must be between -180 and 180');
export const latitude = z
  .number({ error: 'Latitude must be a number' })
  .min(-90, 'Latitude must be between -90 and 90')
  .max(90, 'Latitude must be between -90 and 90');

/** A stop on a rally's route: its name and [longitude, latitude]. */
export const routeStopSchema = z.object({
  name: requiredText('Each stop needs a name', 80),
  coordinates: z.tuple([longitude, latitude]),
});
export type RouteStop = z.infer<typeof routeStopSchema>;

/** A route an organiser saves: at least the two stops a line needs. */
export const routeStopsSchema = z.object({
  stops: z.array(routeStopSchema).min(2, 'A route needs at least two stops').max(30, 'A route has at most 30 stops'),
});
export type RouteStopsInput = z.input<typeof routeStopsSchema>;

/** A route as the route-map embed reads it; its id is the letter y and the year. */
export const rallyRouteSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  stops: z.array(z.object({ name: z.string(), coordinates: z.tuple([z.number(), z.number()]) })),
});
export type RallyRoute = z.infer<typeof rallyRouteSchema>;
export const rallyRouteListSchema = z.array(rallyRouteSchema);

/** The route id of a year (spec section 3): y2018. */
export const routeIdOf = (year: number) => `y${year}`;
