import { describe, expect, it } from 'vitest';
import { idParamSchema, parseTeamId } from './params';

describe('record ids in paths', () => {
  it('reads a positive whole number written in digits', () => {
    expect(parseTeamId('12')).toBe(12);
    expect(parseTeamId('012')).toBe(12);
    expect(parseTeamId('2147483647')).toBe(2_147_483_647);
  });

  it('names no record for anything else, as the server does', () => {
    for (const raw of ['12abc', '1e1', ' 12', '12 ', '-3', '0', '1.5', '0x10', '', '2147483648', '99999999999', null, undefined]) {
      expect({ raw, id: parseTeamId(raw) }).toEqual({ raw, id: null });
    }
  });

  it('is the rule of the route parameter schema', () => {
    expect(idParamSchema.safeParse({ id: '12' })).toMatchObject({ success: true, data: { id: 12 } });
    expect(idParamSchema.safeParse({ id: '12abc' }).success).toBe(false);
  });
});
