import { poundsBox } from '@common/money';
import { z } from 'zod';
import { rallySettingsEditSchema, type RallySettings, type RallySettingsEdit } from '@common/schemas/rally-settings';

/**
 * The settings as the form holds them: numbers and dates as typed (the deposit in pounds, dates in
 * the browser's time), turned into the saved settings and checked by the shared schema, whose
 * messages land on the field of the same name.
 */
type Values = Omit<
  RallySettingsEdit,
  | 'carLimit'
  | 'depositAmountPence'
  | 'entryCostPence'
  | 'registrationOpensAt'
  | 'registrationClosesAt'
  | 'minimumSponsorshipPerCar'
  | 'minimumFundraisingPerTeam'
  | 'eventFundraisingGoal'
  | 'cluesPerDay'
  | 'milesBetweenClues'
  | 'milesPerDay'
  | 'livePositionDelayMinutes'
  | 'controlRoomSilentHours'
  | 'actGraceHours'
  | 'sosEscalateMinutes'
  | 'allOkEveningHour'
  | 'wrongAnswerPenaltyPoints'
  | 'positionSharingEndsDaysAfterRally'
  | 'firstYear'
> & {
  carLimit: string;
  depositAmountPence: string;
  entryCostPence: string;
  registrationOpensAt: string;
  registrationClosesAt: string;
  minimumSponsorshipPerCar: string;
  minimumFundraisingPerTeam: string;
  eventFundraisingGoal: string;
  cluesPerDay: string;
  milesBetweenClues: string;
  milesPerDay: string;
  livePositionDelayMinutes: string;
  controlRoomSilentHours: string;
  actGraceHours: string;
  sosEscalateMinutes: string;
  allOkEveningHour: string;
  wrongAnswerPenaltyPoints: string;
  positionSharingEndsDaysAfterRally: string;
  firstYear: string;
};
export type SettingsFormValues = Values;

const NUMBER_FIELDS = [
  'minimumSponsorshipPerCar',
  'minimumFundraisingPerTeam',
  'eventFundraisingGoal',
  'cluesPerDay',
  'milesBetweenClues',
  'milesPerDay',
  'livePositionDelayMinutes',
  'controlRoomSilentHours',
  'actGraceHours',
  'sosEscalateMinutes',
  'allOkEveningHour',
  'wrongAnswerPenaltyPoints',
  'positionSharingEndsDaysAfterRally',
  'firstYear',
] as const;

/** "2031-05-01T09:00" in the browser's time, as an input of type datetime-local shows an instant. */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const instant = (local: string) => (local ? new Date(local).toISOString() : null);
/** A number typed in a box; an empty or unreadable one is left for the schema to name. */
const typed = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
/** Pence as pounds in a box: "450", "450.50". */

export function formValues(s: RallySettings): Values {
  // The review marks are the server's: a save clears them.
  const { year: _year, needsReview: _marks, ...rest } = s;
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((k) => [k, String(s[k])])) as Pick<Values, (typeof NUMBER_FIELDS)[number]>;
  return {
    ...rest,
    ...numbers,
    carLimit: s.carLimit === null ? '' : String(s.carLimit),
    depositAmountPence: poundsBox(s.depositAmountPence),
    entryCostPence: s.entryCostPence === null ? '' : poundsBox(s.entryCostPence),
    registrationOpensAt: localInput(s.registrationOpensAt),
    registrationClosesAt: localInput(s.registrationClosesAt),
  };
}

function toSettings(v: Values): RallySettingsEdit {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((k) => [k, typed(v[k])])) as Record<(typeof NUMBER_FIELDS)[number], number>;
  return {
    ...v,
    ...numbers,
    carLimit: v.carLimit.trim() === '' ? null : typed(v.carLimit),
    depositAmountPence: Math.round(typed(v.depositAmountPence) * 100),
    entryCostPence: v.entryCostPence.trim() === '' ? null : Math.round(typed(v.entryCostPence) * 100),
    registrationOpensAt: instant(v.registrationOpensAt),
    registrationClosesAt: instant(v.registrationClosesAt),
  };
}

/** The form's resolver schema: what was typed, made into settings, checked by the shared rules. */
export const settingsFormSchema = z.custom<Values>().transform(toSettings).pipe(rallySettingsEditSchema);
