import { expect, it } from 'vitest';
import './zod-without-eval';
import { z } from 'zod';

it("sets zod's own configuration to parse without eval", () => {
  expect(z.config().jitless).toBe(true);
});
