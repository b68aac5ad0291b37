import { z } from 'zod';

/**
 * The earlier rallies the historic database knows for a team's driver and co-driver (matched by
 * name, or by the verified e-mail of their account), shown under "Completed in..." without anyone
 * typing them.
 */
export const veteranYearsSchema = z.object({ driver: z.array(z.number().int()), coDriver: z.array(z.number().int()) });
export type VeteranYears = z.infer<typeof veteranYearsSchema>;
