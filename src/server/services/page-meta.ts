import type { RallySettings } from '../../common/schemas/rally-settings';

/** A page's own title and share preview, put into the HTML so link previews show the right text. */
export type PageMeta = { title: string; description: string; /** Absolute URL of a 1200x630 PNG. */ image?: string };

/** The rally settings, ready as JSON (services/rally-settings.ts), and the page meta they give every other page. */
export type PageSettings = { etag: string; body: Buffer; value: RallySettings; meta: PageMeta & { siteName: string } };
