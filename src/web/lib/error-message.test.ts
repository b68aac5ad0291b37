import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { errorMessage, isStatus } from './error-message';

describe('errorMessage', () => {
  const fallback = 'Please try again.';

  it("shows the server's message from a JSON body", () => {
    expect(errorMessage(new ApiError(400, '{"message":"Team name is required","issues":[]}'), fallback)).toBe('Team name is required');
  });

  it('shows a short plain-text body, but not an HTML page or an empty message', () => {
    expect(errorMessage(new ApiError(400, 'Your proposed upload exceeds the maximum allowed size'), fallback)).toBe(
      'Your proposed upload exceeds the maximum allowed size',
    );
    expect(errorMessage(new ApiError(502, '<html><body>Bad gateway</body></html>'), fallback)).toBe(fallback);
    expect(errorMessage(new ApiError(500, '{"message":""}'), fallback)).toBe(fallback);
  });

  it('falls back for anything that is not an answer, even when its text looks like one', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
    expect(errorMessage(new Error('409: {"message":"not from the server"}'), fallback)).toBe(fallback);
  });
});

describe('isStatus', () => {
  it("compares an answer's status, and is false for other errors", () => {
    expect(isStatus(new ApiError(404, 'Not Found'), 404)).toBe(true);
    expect(isStatus(new ApiError(409, 'Conflict'), 404)).toBe(false);
    expect(isStatus(new Error('404: Not Found'), 404)).toBe(false);
  });
});
