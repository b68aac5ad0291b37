import { describe, expect, it } from 'vitest';
import { fullName, personNameKey } from './person-name';

describe('person names', () => {
  it('match whatever the case, spacing or accents', () => {
    const key = personNameKey('José', 'Le Feuvre');
    expect(personNameKey('  jose ', 'LE  FEUVRE')).toBe(key);
    expect(personNameKey('JOSÉ', 'LeFeuvre')).toBe(key);
    expect(personNameKey('Joseph', 'Le Feuvre')).not.toBe(key);
  });

  it('need both parts', () => {
    expect(personNameKey('Ann', ' ')).toBeNull();
    expect(personNameKey(null, 'Amy')).toBeNull();
    expect(fullName(' Ann ', 'Amy')).toBe('Ann Amy');
    expect(fullName('Ann', null)).toBeNull();
  });
});
