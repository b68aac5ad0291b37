import type { RallySettings } from '../../common/schemas/rally-settings';
import type { TestApp } from './app';

/** Changes some rally settings the way an organiser does on /admin/settings; returns the answer. */
export async function changeSettings(app: TestApp, adminCookie: string, changes: Partial<Omit<RallySettings, 'year'>>) {
  const { year: _year, ...current } = (await app.inject({ url: '/api/settings' })).json() as RallySettings;
  return app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie: adminCookie }, payload: { ...current, ...changes } });
}
