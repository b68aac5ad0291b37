import { describe, expect, it } from 'vitest';
import { adminReturnPath, loginPathReturningTo } from './return-path';

describe('the page a login returns to', () => {
  it('is an admin page of this site', () => {
    expect(adminReturnPath('/admin')).toBe('/admin');
    expect(adminReturnPath('/admin/settings')).toBe('/admin/settings');
    expect(adminReturnPath('/admin/contacts?filter=opted-in')).toBe('/admin/contacts?filter=opted-in');
    expect(adminReturnPath('/rally-app')).toBe('/rally-app');
    expect(loginPathReturningTo('/admin/settings')).toBe('/login?next=%2Fadmin%2Fsettings');
  });

  it('is nothing else: other pages, other sites and tricks are refused', () => {
    for (const next of [
      null,
      '',
      '/dashboard',
      '/administrator',
      'https://evil.example/admin',
      '//evil.example/admin',
      '/admin\\@evil.example',
      '/admin/../logout',
      '/admin /x',
    ]) {
      expect(adminReturnPath(next)).toBeNull();
    }
    expect(loginPathReturningTo('https://evil.example')).toBe('/login');
  });
});
