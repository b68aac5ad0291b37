import { describe, expect, it } from 'vitest';
import { siteLink, siteOrigin } from './site-links';

describe('links in e-mails', () => {
  it('use PUBLIC_URL without its trailing slashes', () => {
    expect(siteOrigin({ PUBLIC_URL: 'https://rally.example.org/', PORT: 5000 })).toBe('https://rally.example.org');
    expect(siteLink({ PUBLIC_URL: 'https://rally.example.org//', PORT: 5000 }, '/dashboard')).toBe('https://rally.example.org/dashboard');
  });

  it('keep a path prefix of PUBLIC_URL', () => {
    expect(siteLink({ PUBLIC_URL: 'https://example.org/rally/', PORT: 5000 }, 'login')).toBe('https://example.org/rally/login');
  });

  it('fall back to localhost and the port in development', () => {
    expect(siteLink({ PUBLIC_URL: undefined, PORT: 5123 }, '/login')).toBe('http://localhost:5123/login');
  });

  it('encode query values', () => {
    expect(siteLink({ PUBLIC_URL: 'https://r.example', PORT: 1 }, '/reset-password', { token: 'a+b/c=' })).toBe(
      'https://r.example/reset-password?token=a%2Bb%2Fc%3D',
    );
  });

  it('encode path segments given by the caller', () => {
    expect(siteLink({ PUBLIC_URL: 'https://r.example', PORT: 1 }, `/unsubscribe/${encodeURIComponent('x y')}`)).toBe(
      'https://r.example/unsubscribe/x%20y',
    );
  });
});
