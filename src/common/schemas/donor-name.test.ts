import { describe, expect, it } from 'vitest';
import { donorNameShown } from './donation';

describe('the anonymity rule', () => {
  it('names a donor who gave a name and did not ask to stay anonymous', () => {
    expect(donorNameShown({ isAnonymous: false, donorName: 'Ada Le Brun' })).toBe('Ada Le Brun');
  });
  it('names nobody who asked to stay anonymous, even with a name given', () => {
    expect(donorNameShown({ isAnonymous: true, donorName: 'Ada Le Brun' })).toBeNull();
  });
  it('counts a blank name or "Anonymous" typed as a name as none', () => {
    expect(donorNameShown({ isAnonymous: false, donorName: '   ' })).toBeNull();
    expect(donorNameShown({ isAnonymous: false, donorName: null })).toBeNull();
    expect(donorNameShown({ isAnonymous: false, donorName: 'Anonymous' })).toBeNull();
  });
});
