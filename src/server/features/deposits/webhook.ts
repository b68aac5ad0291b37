import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** True when `signature` is the HMAC-SHA256 (hex) of the raw body under the webhook secret. */
export function validSignature(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

/** The parts of an event this site reads; the whole event is stored as received. */
const eventSchema = z.looseObject({
  id: z.string().min(1).max(100),
  created_at: z.iso.datetime({ offset: true }),
  resource_type: z.string().max(100),
  action: z.string().max(100),
  links: z.looseObject({ payment: z.string().max(100).optional() }).optional(),
});
export const webhookBodySchema = z.object({ events: z.array(eventSchema).max(1000) });
export type WebhookEvent = z.infer<typeof eventSchema>;
