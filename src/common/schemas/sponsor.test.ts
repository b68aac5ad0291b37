import { describe, expect, it } from 'vitest';
import { sponsorSchema } from './signup';

describe('a sponsor', () => {
  it('takes an address typed without a scheme as https', () => {
    expect(sponsorSchema.parse({ name: 'Garage', url: ' www.garage.je ' }).url).toBe('https://www.garage.je');
    expect(sponsorSchema.parse({ name: 'Garage', url: 'http://garage.je/team' }).url).toBe('http://garage.je/team');
  });

  it('still refuses what is no web address', () => {
    for (const url of ['', 'not an address', 'ftp://garage.je', 'javascript:alert(1)'])
      expect(sponsorSchema.safeParse({ name: 'Garage', url }).success, url).toBe(false);
  });
});
