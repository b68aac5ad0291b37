import { describe, expect, it } from 'vitest';
import { passportStatus } from './admin-signup';

describe('passport status', () => {
  it('is Complete only when both passports are filled', () => {
    expect(passportStatus({ driverPassport: 'P1', coDriverPassport: 'P2' })).toBe('Complete');
    expect(passportStatus({ driverPassport: 'P1', coDriverPassport: null })).toBe('Incomplete');
    expect(passportStatus({ driverPassport: null, coDriverPassport: 'P2' })).toBe('Incomplete');
    expect(passportStatus({ driverPassport: '  ', coDriverPassport: 'P2' })).toBe('Incomplete');
  });
});
