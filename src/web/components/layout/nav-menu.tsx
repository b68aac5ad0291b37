import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * A drop-down list of links in the bar (the disclosure pattern recommended for site navigation).
 * Escape, a click elsewhere, focus leaving it, or choosing a link closes it.
 */
export function NavMenu({
  label,
  triggerClassName,
  align = 'start',
  children,
}: {
  label: ReactNode;
  triggerClassName: string;
  align?: 'start' | 'end';
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative" onBlur={(e) => !root.current?.contains(e.relatedTarget as Node) && setOpen(false)}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className={cn(triggerClassName, 'inline-flex items-center gap-1')}
      >
        {label} <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      <div
        id={panelId}
        hidden={!open}
        onClick={(e) => (e.target as HTMLElement).closest('a') && setOpen(false)}
        className={cn(
          'absolute top-full z-50 mt-2 min-w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl',
          align === 'end' ? 'right-0' : 'left-0',
        )}
      >
        <ul>{children}</ul>
      </div>
    </div>
  );
}
