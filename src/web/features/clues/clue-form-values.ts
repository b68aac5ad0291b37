import type { AdminClue, AnswerKind, ClueFields } from '@common/schemas/clues';

/** The clue form's inputs, as typed (every input holds text). */
export type ClueFormValues = {
  day: string;
  title: string;
  body: string;
  /** A datetime-local value, in the organiser's own time zone. */
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

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A blank number stays invalid ("must be a number") rather than becoming 0. */
const num = (v: string) => (v.trim() === '' ? NaN : Number(v));

export function clueToFormValues(clue: AdminClue | undefined, day: number): ClueFormValues {
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
    releaseAt: toLocalInput(clue.releaseAt),
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

/** What the server is sent: numbers as numbers, the release time as an instant, one answer per line. */
export function formValuesToClue(v: ClueFormValues): ClueFields {
  const release = new Date(v.releaseAt);
  return {
    day: num(v.day),
    title: v.title,
    body: v.body,
    releaseAt: v.releaseAt && !Number.isNaN(release.getTime()) ? release.toISOString() : v.releaseAt,
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
