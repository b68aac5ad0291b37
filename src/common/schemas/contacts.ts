import { z } from 'zod';
import { emailAddress, text } from './primitives';

export const consentStates = ['opted_in', 'opted_out', 'not_asked'] as const;
export type Consent = (typeof consentStates)[number];
export const consentLabels: Record<Consent, string> = { opted_in: 'Opted In', opted_out: 'Opted Out', not_asked: 'Not Asked' };

/** What brought a person to the list. */
export const contactSources = ['historic', 'team', 'updates', 'manual', 'import'] as const;
export type ContactSource = (typeof contactSources)[number];
export const sourceLabels: Record<ContactSource, string> = {
  historic: 'Historic rallier',
  team: 'Team member',
  updates: 'Get Updates',
  manual: 'Added by hand',
  import: 'Mailing-list import',
};

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The contact list's filters; the same object chooses a bulk e-mail's audience. */
export const contactFilterSchema = z.object({
  q: z.preprocess(emptyToUndefined, text(200).optional()),
  source: z.preprocess(emptyToUndefined, z.enum(contactSources).optional()),
  consent: z.preprocess(emptyToUndefined, z.enum(consentStates).optional()),
  year: z.preprocess(emptyToUndefined, z.coerce.number().int().min(2000).max(2100).optional()),
});
export type ContactFilter = z.infer<typeof contactFilterSchema>;

const name = text(100, 'The name is too long');
const email = z.string().trim().toLowerCase().pipe(emailAddress());

/** A contact's own fields; the add and edit forms check with this before sending. */
export const contactFormSchema = z.object({
  firstName: name.min(1, 'First name is required'),
  lastName: name,
  email,
  consent: z.enum(consentStates),
});
export type ContactFormValues = z.input<typeof contactFormSchema>;

export const contactCreateSchema = contactFormSchema.extend({
  lastName: name.default(''),
  consent: z.enum(consentStates).default('not_asked'),
});
export type ContactCreateInput = z.input<typeof contactCreateSchema>;

export const contactUpdateSchema = contactFormSchema.partial().refine((v) => Object.keys(v).length > 0, 'Nothing to change');
export type ContactUpdateInput = z.input<typeof contactUpdateSchema>;

export const contactSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  sources: z.array(z.enum(contactSources)),
  years: z.array(z.number()),
  consent: z.enum(consentStates),
  consentAt: z.string().nullable(),
  consentSource: z.string().nullable(),
  bouncedAt: z.string().nullable(),
  /** When a consent request was last queued for the contact. */
  consentRequestedAt: z.string().nullable(),
});
export type ContactView = z.infer<typeof contactSchema>;

export const contactListSchema = z.object({
  contacts: z.array(contactSchema),
  /** Counts over the whole list, whatever the filters. */
  stats: z.object({ total: z.number(), optedIn: z.number(), optedOut: z.number(), notAsked: z.number(), bounced: z.number() }),
  years: z.array(z.number()),
});
export type ContactList = z.infer<typeof contactListSchema>;

/** The "Request consent" send's audience: not-asked contacts, and those already asked only when chosen. */
export const consentRequestQuerySchema = z.object({
  includeAskedBefore: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export const consentRequestSchema = z.object({ includeAskedBefore: z.boolean().default(false) });
export type ConsentRequestInput = z.input<typeof consentRequestSchema>;

/** How many the request would go to (the server's count, by the sending rule), and how many were asked before. */
export const consentRequestCountSchema = z.object({ count: z.number().int(), askedBefore: z.number().int() });
export type ConsentRequestCount = z.infer<typeof consentRequestCountSchema>;

/** A consent or subscription link followed: the person's first name for the thank-you. */
export const consentAnswerSchema = z.object({ firstName: z.string(), message: z.string() });
export type ConsentAnswer = z.infer<typeof consentAnswerSchema>;
