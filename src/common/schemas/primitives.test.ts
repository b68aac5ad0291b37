import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ILL_FORMED_MESSAGE,
  NUL_MESSAGE,
  emailAddress,
  optionalText,
  rawText,
  requiredText,
  storableText,
  text,
  webUrl,
} from './primitives';

/** Every text primitive, each with a value it accepts, so each refusal below is the character's own. */
const primitives: [string, z.ZodType, string][] = [
  ['rawText', rawText(100), 'as typed'],
  ['text', text(100), 'Ann'],
  ['requiredText', requiredText('Name is required'), 'Ann'],
  ['optionalText', optionalText(), 'Ann'],
  ['emailAddress', emailAddress(), 'ann@example.test'],
  ['webUrl', webUrl(), 'https://example.org/team'],
];

/** Where a bad character goes: inside the value, so the value's own format still holds around it. */
const withInside = (value: string, bad: string) => `${value.slice(0, 1)}${bad}${value.slice(1)}`;
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('text primitives', () => {
  it.each(primitives)('%s accepts its sample', (_name, schema, sample) => {
    expect(schema.safeParse(sample).success).toBe(true);
  });

  it.each(primitives)('%s refuses a NUL character', (_name, schema, sample) => {
    const result = schema.safeParse(withInside(sample, '\u0000'));
    expect(result.success).toBe(false);
  });

  it.each(primitives)('%s refuses a lone surrogate, high or low', (name, schema, sample) => {
    for (const lone of ['\ud800', '\udbff', '\udc00', '\udfff']) {
      const result = schema.safeParse(withInside(sample, lone));
      expect([name, lone.charCodeAt(0).toString(16), result.success]).toEqual([name, lone.charCodeAt(0).toString(16), false]);
    }
  });

  it('text and rawText say why a lone surrogate is refused', () => {
    expect(messages(text(100).safeParse('a\ud800b'))).toEqual([ILL_FORMED_MESSAGE]);
    expect(messages(rawText(100).safeParse('\udfff'))).toEqual([ILL_FORMED_MESSAGE]);
    expect(messages(rawText(100).safeParse('a\u0000b'))).toEqual([NUL_MESSAGE]);
  });

  it('accepts a surrogate pair (an emoji) and other characters outside the basic plane', () => {
    for (const ok of ['Go team 🚗', '𝒜nn', '漢字', 'é']) {
      expect(text(100).safeParse(ok)).toEqual({ success: true, data: ok });
      expect(rawText(100).safeParse(ok)).toEqual({ success: true, data: ok });
    }
  });

  it('refuses a pair in the wrong order (a low half before a high half)', () => {
    expect(text(100).safeParse('\udc00\ud800').success).toBe(false);
  });

  it('storableText adds the rule to any string schema', () => {
    const code = storableText(z.string().length(3));
    expect(code.safeParse('abc').success).toBe(true);
    expect(messages(code.safeParse('a\ud800c'))).toEqual([ILL_FORMED_MESSAGE]);
  });

  it('holds the same rule in a browser without String.prototype.isWellFormed', () => {
    const native = Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed')!;
    delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
    try {
      expect(text(100).safeParse('a\ud800b').success).toBe(false);
      expect(text(100).safeParse('\udc00\ud800').success).toBe(false);
      expect(text(100).safeParse('Go team 🚗').success).toBe(true);
    } finally {
      Object.defineProperty(String.prototype, 'isWellFormed', native);
    }
  });
});
