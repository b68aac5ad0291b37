import { useState } from 'react';
import { Share2 } from 'lucide-react';
import { Button, type ButtonProps } from './ui/button';
import { shareLink, type ShareData } from '../lib/share';
import { LinkField } from './link-field';

/**
 * Share: the phone's share sheet, else the link copied ('Link Copied!'), else the link shown
 * selected to copy by hand. `data` is built at the click, since it needs the page's address.
 */
export function ShareButton({
  data,
  variant = 'outline',
  size = 'md',
  className,
}: {
  data: () => ShareData;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) {
  const [fallback, setFallback] = useState<string | null>(null);
  const share = async () => {
    const d = data();
    if ((await shareLink(d)) === 'failed') setFallback(d.url);
  };
  return (
    <>
      <Button variant={variant} size={size} className={className} onClick={() => void share()}>
        <Share2 className="h-4 w-4" aria-hidden /> Share
      </Button>
      {fallback && (
        <div className="basis-full">
          <LinkField url={fallback} label="Copy this link to share" autoSelect />
        </div>
      )}
    </>
  );
}
