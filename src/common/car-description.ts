// Apart from the team's schema, so a page that shows a team need not load zod (docs/decisions/013).
import type { PublicTeam } from './schemas/public-team';

type CarFields = Pick<PublicTeam, 'carMake' | 'carModel' | 'carYear'>;

/** "1989 Volvo 240 Estate"; null when neither make nor model is known. */
export function carDescription(team: CarFields): string | null {
  if (!team.carMake && !team.carModel) return null;
  return [team.carYear, team.carMake, team.carModel].filter(Boolean).join(' ');
}
