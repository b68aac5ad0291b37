import { describe, expect, it } from 'vitest';
import { pageShortName } from './page-short-name';

describe('pageShortName', () => {
  it('reads the short name from each form of JustGiving page address', () => {
    expect(pageShortName('https://www.justgiving.com/fundraising/clueless-in-cannes')).toBe('clueless-in-cannes');
    expect(pageShortName('https://www.justgiving.com/page/oui-drive-2026')).toBe('oui-drive-2026');
    expect(pageShortName('https://justgiving.com/bonnet-and-clyde/')).toBe('bonnet-and-clyde');
    expect(pageShortName(' https://www.justgiving.com/page/rally-good?utm_source=x#top ')).toBe('rally-good');
  });

  it('is null for anything that is not a JustGiving fundraising page', () => {
    for (const url of [
      null,
      '',
      'not a url',
      'https://example.org/team',
      'https://justgiving.com.evil.test/page/x',
      'https://www.justgiving.com/',
      'https://www.justgiving.com/charity/some/deep/path',
      'https://www.justgiving.com/page/..%2F..%2Fadmin',
    ])
      expect(pageShortName(url)).toBeNull();
  });
});
