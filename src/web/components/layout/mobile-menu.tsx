import { lazy, Suspense, useRef, useState } from 'react';
import { Menu as MenuIcon } from 'lucide-react';
import type { MobileMenuProps } from './mobile-menu-panel';

// The panel (Radix Dialog with its focus trap and scroll lock) loads when the menu is first
// opened, or as soon as a finger or the keyboard reaches the button: a page's first load carries
// only the button.
const loadPanel = () => import('./mobile-menu-panel');
const MobileMenuPanel = lazy(loadPanel);

/** The side menu below the lg breakpoint: everything the desktop bar has. */
export function MobileMenu(props: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="rounded-lg p-2 text-white hover:bg-navy-800 lg:hidden cursor-pointer"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerDown={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <MenuIcon className="h-7 w-7" aria-hidden />
      </button>
      {opened && (
        <Suspense fallback={null}>
          <MobileMenuPanel {...props} open={open} setOpen={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
