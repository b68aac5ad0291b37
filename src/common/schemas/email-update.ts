import { z } from 'zod';
import { emailAddress, requiredText } from './primitives';

export const emailUpdateSchema = z.object({
  name: requiredText('Name is required', 120),
  email: emailAddress(),
});
export type EmailUpdateInput = z.infer<typeof emailUpdateSchema>;
