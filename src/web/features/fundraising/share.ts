import { toast } from '../../lib/toast';

export type ShareData = { title: string; text: string; url: string };

/**
 * Shares through the device's share sheet; where there is none, or it fails, copies the link
 * and says so with the spec's 'Link Copied!' toast. A share the person cancels is left alone.
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
  try {
    await navigator.clipboard.writeText(data.url);
    toast({ title: 'Link Copied!', description: 'Paste it anywhere to share this team.' });
    return 'copied';
  } catch {
    toast({ title: 'Could not copy the link', description: data.url, variant: 'destructive' });
    return 'failed';
  }
}
