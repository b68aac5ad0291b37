import { useEffect, useId, useRef } from 'react';
import { Input, Label } from './ui/input';

/**
 * A link shown to select and copy by hand: where the browser lets the page copy nothing, this is
 * still one long-press away. `autoSelect` selects it at once (after a copy that failed).
 */
export function LinkField({ url, label = 'Link to share', autoSelect = false }: { url: string; label?: string; autoSelect?: boolean }) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoSelect) ref.current?.select();
  }, [autoSelect]);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} ref={ref} readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="h-10 text-sm" />
    </div>
  );
}
