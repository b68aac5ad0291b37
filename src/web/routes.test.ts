import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_PATHS, PAGE_PATHS } from '@common/page-paths';
import { routes } from './routes';
import { adminPages } from './pages/admin-area';

describe('the page addresses the server knows (common/page-paths.ts)', () => {
  it('are the routes of the app and of its admin area', () => {
    expect(routes.map((r) => r.path).filter((p) => p !== '/admin/*?')).toEqual([...PAGE_PATHS]);
    expect(Object.keys(adminPages)).toEqual([...ADMIN_PAGE_PATHS]);
  });
});
