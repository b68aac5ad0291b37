import { describe, expect, it } from 'vitest';
import { foldAnswer, isAcceptedAnswer } from './answer-match';

describe('foldAnswer', () => {
  it('drops accents, case and spaces', () => {
    expect(foldAnswer('  Épernay ')).toBe('epernay');
    expect(foldAnswer('Le Puy en Velay')).toBe(foldAnswer('le-puy-EN-velay'));
    expect(foldAnswer('Mâcon')).toBe('macon');
  });

  it('treats composed and decomposed accents alike', () => {
    expect(foldAnswer('Cr\u00e8me')).toBe(foldAnswer('Cre\u0300me'));
  });

  it('keeps digits and letters of other alphabets', () => {
    expect(foldAnswer('Route 66')).toBe('route66');
    expect(foldAnswer('Ørsted')).toBe('ørsted');
  });
});

describe('isAcceptedAnswer', () => {
  const accepted = ['Mont-Saint-Michel', 'Le Mont Saint Michel'];

  it('accepts any accepted answer whatever its accents, case and spacing', () => {
    expect(isAcceptedAnswer('mont saint michel', accepted)).toBe(true);
    expect(isAcceptedAnswer('LE MONT-SAINT-MICHEL', accepted)).toBe(true);
    expect(isAcceptedAnswer('Mónt Sáint Míchel', accepted)).toBe(true);
  });

  it('refuses a different answer, and an answer of only spaces or punctuation', () => {
    expect(isAcceptedAnswer('Mont Saint Martin', accepted)).toBe(false);
    expect(isAcceptedAnswer(' - ', [' '])).toBe(false);
  });
});
