import type { EmailUpdateInput } from '@common/schemas/email-update';
import { sendJson } from '../../lib/api';

/** Puts a supporter on the list for rally updates (the hero's and the call to action's form). */
export const subscribeToUpdates = (values: EmailUpdateInput) => sendJson('POST', '/api/email-updates', values);
