import { HttpError } from '../errors';

let common: Promise<Set<string>> | undefined;

/**
 * The 10,000 most common passwords (the list is ranked, most common first), lower-cased. Loaded
 * with the first password checked rather than at every start: the package is 400 KB of code.
 */
const commonPasswords = () =>
  (common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, 10_000).map((p) => p.toLowerCase())),
  ));

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the 10,000 most common passwords and is easy to guess. Please choose another.';

/** Compared case-insensitively. */
export const isCommonPassword = async (password: string) => (await commonPasswords()).has(password.normalize('NFKC').toLowerCase());

/** Refuses a common password with 400 and the field named, like any other bad input. */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (!(await isCommonPassword(password))) return;
  throw new HttpError(400, COMMON_PASSWORD_MESSAGE, [{ path: [field], message: COMMON_PASSWORD_MESSAGE }]);
}
