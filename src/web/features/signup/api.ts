import type { SignupCreated, SignupData } from '@common/schemas/signup';
import { sendJson } from '../../lib/api';

/** Registers a team (POST /api/signup); the answer names it and says whether it is on the waiting list. */
export const registerTeam = (data: SignupData) => sendJson<SignupCreated>('POST', '/api/signup', data);
