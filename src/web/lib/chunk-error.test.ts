import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-error';

describe('isChunkLoadError', () => {
  it('recognises each browser engine’s failed lazy import, and Vite’s failed stylesheet', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://rally.example/assets/about-page-abc123.js', // Chromium
      'error loading dynamically imported module: https://rally.example/assets/about-page-abc123.js', // Firefox
      'Importing a module script failed.', // Safari
      'Unable to preload CSS for /assets/admin-page-abc123.css', // Vite
    ]) {
      expect({ message, chunk: isChunkLoadError(new TypeError(message)) }).toEqual({ message, chunk: true });
    }
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('500: Internal Server Error'))).toBe(false);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'teamName')"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
