import type { TestApp } from './app';
import { signUp } from './auth';
import { teamInput } from '../../common/factories';

/**
 * A new rallier who registered a team of this season: the person (with their cookie) and the team's
 * id; position sharing turned on unless told otherwise.
 */
export async function driverWithTeam(app: TestApp, opts: { sharing?: boolean } = {}) {
  const person = await signUp(app);
  const created = await app.inject({
    method: 'POST',
    url: '/api/signups',
    headers: { cookie: person.cookie },
    payload: teamInput({ driverEmail: person.email }),
  });
  if (created.statusCode !== 201) throw new Error(`registering the team answered ${created.statusCode}: ${created.body}`);
  if (opts.sharing)
    await app.inject({ method: 'PUT', url: '/api/my-tracking', headers: { cookie: person.cookie }, payload: { sharing: true } });
  return { ...person, signupId: created.json().id as number };
}
