import { kindOf, type RecipientType } from '../../../common/schemas/bulk-email';
import type { ContactFilter } from '../../../common/schemas/contacts';
import type { Audience } from '../../services/contact-audience';

/** A send's audience: the mailing list (with the contact filters) is marketing; the teams operational. */
export function audienceOf(recipientType: RecipientType, filter: ContactFilter, onlyOptedIn: boolean): Audience {
  const kind = kindOf(recipientType);
  return kind === 'operational' ? { kind, onlyOptedIn: false } : { ...filter, kind, onlyOptedIn };
}
