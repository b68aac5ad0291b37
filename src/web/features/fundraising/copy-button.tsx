import { useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import { copyText } from '../../lib/share';

/**
 * Copies one value (a sort code, a reference) so a donor can paste it into their banking app.
 * `what` names it for screen readers and the toast, e.g. "Sort code".
 */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (await copyText(value)) {
      setCopied(true);
      toast({ title: `${what} copied`, description: value });
      setTimeout(() => setCopied(false), 2000);
    } else {
      toast({ title: 'Could not copy', description: `Select ${value} and copy it by hand.`, variant: 'destructive' });
    }
  };
  return (
    <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" aria-label={`Copy ${what.toLowerCase()}`} onClick={() => void copy()}>
      {copied ? <Check className="h-3.5 w-3.5" aria-hidden /> : <Copy className="h-3.5 w-3.5" aria-hidden />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  );
}
