import type { User } from '../../db/schema';
import type { CurrentUser } from '../../../common/schemas/auth';

export function toCurrentUser(u: User): CurrentUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    isAdmin: u.isAdmin,
    emailVerified: Boolean(u.emailVerifiedAt),
  };
}
