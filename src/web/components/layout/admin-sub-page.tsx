/** The admin pages' frame under the name the area pages use. */
export { AdminLayout as AdminSubPage } from './admin-layout';
