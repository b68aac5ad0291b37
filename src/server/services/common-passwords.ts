import { dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../errors';

/** The 10,000 most common passwords (the list is ranked, most common first), compared case-insensitively. */
const COMMON = new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase()));

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the 10,000 most common passwords and is easy to guess. Please choose another.';

export const isCommonPassword = (password: string) => COMMON.has(password.normalize('NFKC').toLowerCase());

/** Refuses a common password with 400 and the field named, like any other bad input. */
export function refuseCommonPassword(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  throw new HttpError(400, COMMON_PASSWORD_MESSAGE, [{ path: [field], message: COMMON_PASSWORD_MESSAGE }]);
}
