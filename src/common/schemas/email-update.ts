import { z } from 'zod';

export const emailUpdateSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120),
  email: z.email({ error: 'Please enter a valid email address' }).trim().max(254),
});
export type EmailUpdateInput = z.infer<typeof emailUpdateSchema>;
