import { toast } from './toast';

export type ShareData = { title: string; text: string; url: string };

/** Copies text with the clipboard API; false where the browser refuses (no permission, no secure context). */
export async function copyText(value: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

/** The address of a team's donate page, as a donor opens it from a shared link. */
export const donatePageUrl = (teamId: number) => new URL(`/donate/${teamId}`, window.location.origin).href;

/**
 * Shares through the device's share sheet; where there is none, or it fails, copies the link
 * and says so with the spec's 'Link Copied!' toast. A share the person cancels is left alone.
 * 'failed' means the link could not be copied either: the caller shows it to select by hand.
 */
export async function shareLink(data: ShareData): Promise<'shared' | 'copied' | 'cancelled' | 'failed'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelled';
    }
  }
  if (await copyText(data.url)) {
    toast({ title: 'Link Copied!', description: 'Paste it anywhere to share this team.' });
    return 'copied';
  }
  return 'failed';
}
