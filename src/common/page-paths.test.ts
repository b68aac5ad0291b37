import { describe, expect, it } from 'vitest';
import { isPagePath } from './page-paths';

describe('isPagePath', () => {
  it('knows the pages, with their parameters and the organisers’ screens', () => {
    for (const path of ['/', '/about', '/rally/2026', '/donate/12', '/consent/abc.def', '/admin', '/admin/historic-emails', '/live/'])
      expect(isPagePath(path), path).toBe(true);
  });

  it('knows no other address', () => {
    for (const path of ['/metrics', '/abuot', '/rally/2026/extra', '/admin/nothing', '/wp-login.php', '/donate'])
      expect(isPagePath(path), path).toBe(false);
  });
});
