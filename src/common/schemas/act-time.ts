import { z } from 'zod';

/**
 * When the team acted, as the phone's clock (corrected by its offset from the site's) read it at the
 * moment of the act: ISO with its offset. Every act from the rally app carries it, so an act queued
 * without signal keeps its own time, not the time it arrived. The server bounds it (act-time.ts).
 */
export const madeAt = z.iso.datetime({ offset: true, error: 'madeAt must be a date and time with its offset' });
