/**
 * Folds an answer for comparison: accents, case, spaces and punctuation are ignored, so "Mont St
 * Michel", "mont-saint-michel" and "MONT ST. MICHEL" differ only where the words differ. NFKD
 * splits a letter from its accents (and ligatures such as "ﬁ" into letters); the combining marks
 * are then dropped. Letters without a decomposition ("ø", "ß", "æ") are compared as they are.
 */
export function foldAnswer(answer: string): string {
  return answer
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/** Whether a team's answer is one of the clue's accepted answers, folded alike. An empty answer never is. */
export function isAcceptedAnswer(answer: string, accepted: readonly string[]): boolean {
  const folded = foldAnswer(answer);
  return folded.length > 0 && accepted.some((a) => foldAnswer(a) === folded);
}
