import type { AdminClue, AnswerKind, ClueFields } from '@common/schemas/clues';
import { fromRallyLocalInput } from '@common/rally-local-input';
import { toRallyLocalInput } from '@common/rally-time';

/** The clue form's inputs, as typed (every input holds text). */
export type ClueFormValues = {
  day: string;
  title: string;
  body: string;
  /** A datetime-local value, in the rally's time zone (the setting `timeZone`), whatever the browser's. */
  releaseAt: string;
  placeName: string;
  latitude: string;
  longitude: string;
  radiusMetres: string;
  points: string;
  answerKind: AnswerKind;
  /** One accepted answer per line. */
  acceptedAnswers: string;
  /** `hintId`, not `id`: react-hook-form's field arrays keep `id` for themselves. */
  hints: { hintId?: string; text: string; cost: string }[];
};

/** A blank number stays invalid ("must be a number") rather than becoming 0. */
const num = (v: string) => (v.trim() === '' ? NaN : Number(v));

export function clueToFormValues(clue: AdminClue | undefined, day: number, timeZone: string): ClueFormValues {
  if (!clue)
    return {
      day: String(day),
      title: '',
      body: '',
      releaseAt: '',
      placeName: '',
      latitude: '',
      longitude: '',
      radiusMetres: '200',
      points: '10',
      answerKind: 'text',
      acceptedAnswers: '',
      hints: [],
    };
  return {
    day: String(clue.day),
    title: clue.title,
    body: clue.body,
    releaseAt: toRallyLocalInput(clue.releaseAt, timeZone),
    placeName: clue.place.name,
    longitude: String(clue.place.coordinates[0]),
    latitude: String(clue.place.coordinates[1]),
    radiusMetres: String(clue.radiusMetres),
    points: String(clue.points),
    answerKind: clue.answerKind,
    acceptedAnswers: clue.acceptedAnswers.join('\n'),
    hints: clue.hints.map((h) => ({ hintId: h.id, text: h.text, cost: String(h.cost) })),
  };
}

/**
 * What the server is sent: numbers as numbers, the release time as the instant its wall-clock time
 * names in the rally's zone (16:30 typed for a rally in Paris is 14:30Z, in any browser), one
 * answer per line. A release time that is not one is sent as typed, for the schema to refuse.
 */
export function formValuesToClue(v: ClueFormValues, timeZone: string): ClueFields {
  return {
    day: num(v.day),
    title: v.title,
    body: v.body,
    releaseAt: fromRallyLocalInput(v.releaseAt, timeZone) ?? v.releaseAt,
    place: { name: v.placeName.trim(), coordinates: [num(v.longitude), num(v.latitude)] },
    radiusMetres: num(v.radiusMetres),
    points: num(v.points),
    answerKind: v.answerKind,
    acceptedAnswers:
      v.answerKind === 'text'
        ? v.acceptedAnswers
            .split('\n')
            .map((a) => a.trim())
            .filter(Boolean)
        : [],
    hints: v.hints.map((h) => ({ ...(h.hintId ? { id: h.hintId } : {}), text: h.text, cost: num(h.cost) })),
  };
}
