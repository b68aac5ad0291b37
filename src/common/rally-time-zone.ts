/**
 * The rally's time zone when the settings name none: a rally in France. Its own module, so the
 * pages of a first visit that only need the name (the countdown) do not load the zone arithmetic.
 */
export const DEFAULT_RALLY_TIME_ZONE = 'Europe/Paris';
