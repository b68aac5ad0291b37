import type { ReactNode, RefObject } from 'react';
import { Link } from 'wouter';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { CurrentUser } from '@common/schemas/auth';
import { buttonClass } from '../ui/button';
import { sectionLinks, usePreviousRallyLinks, useSeasonMenu } from './nav-links';

const linkClass = 'block rounded-lg px-3 py-2.5 text-base text-slate-800 hover:bg-navy-50 w-full text-left cursor-pointer';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-slate-200 py-3">
      <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-600">{title}</p>
      {children}
    </div>
  );
}

export type MobileMenuProps = { user: CurrentUser | null; onSection: (id: string) => void };

/** The side menu's panel (mobile-menu.tsx draws its button and loads this when first opened). */
export default function MobileMenuPanel({
  user,
  onSection,
  open,
  setOpen,
  trigger,
}: MobileMenuProps & { open: boolean; setOpen: (open: boolean) => void; trigger: RefObject<HTMLButtonElement | null> }) {
  const { thisYearLinks, signUp } = useSeasonMenu();
  const previousRallyLinks = usePreviousRallyLinks();
  const close = () => setOpen(false);
  const item = (href: string, label: ReactNode) => (
    <Link key={href} href={href} className={linkClass} onClick={close}>
      {label}
    </Link>
  );
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
        <Dialog.Content
          // No Dialog.Trigger (the button is drawn before this code arrives): focus goes back to it here.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            trigger.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-sm flex-col overflow-y-auto bg-white px-3 pb-8 shadow-2xl"
        >
          <div className="flex h-20 items-center justify-between px-3">
            <Dialog.Title className="text-lg font-bold text-navy-900">Menu</Dialog.Title>
            <Dialog.Description className="sr-only">Site navigation</Dialog.Description>
            <Dialog.Close className="rounded-md p-2 text-slate-600 hover:bg-slate-100 cursor-pointer" aria-label="Close menu">
              <X className="h-6 w-6" aria-hidden />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile">
            <div className="pb-3">
              {user ? (
                <>
                  <p className="px-3 pb-1 text-sm text-slate-600">Signed in as {user.firstName || 'Rallier'}</p>
                  {item('/dashboard', 'My Dashboard')}
                  {user.isAdmin && item('/admin', 'Admin Panel')}
                  {item('/logout', 'Log Out')}
                </>
              ) : (
                <div className="flex gap-2 px-3">
                  <Link href="/login" className={buttonClass('outline', 'md', 'flex-1 whitespace-nowrap px-3')} onClick={close}>
                    Log In
                  </Link>
                  {signUp && (
                    <Link href="/signup" className={buttonClass('primary', 'md', 'flex-1 whitespace-nowrap px-3')} onClick={close}>
                      {signUp}
                    </Link>
                  )}
                </div>
              )}
            </div>
            <Group title="This Year">{thisYearLinks.map((l) => item(l.href, l.label))}</Group>
            <Group title="Explore">
              {item('/about', 'About')}
              {sectionLinks.map((s) => (
                <button
                  key={s.id}
                  type="button"
                  className={linkClass}
                  onClick={() => {
                    close();
                    setTimeout(() => onSection(s.id), 50);
                  }}
                >
                  {s.label}
                </button>
              ))}
            </Group>
            <Group title="Previous Rallies">
              {previousRallyLinks ? (
                previousRallyLinks.map((r) =>
                  item(
                    r.href,
                    <>
                      <span className="font-semibold">{r.year}</span> <span className="text-slate-600">{r.destination}</span>
                    </>,
                  ),
                )
              ) : (
                <p className="px-3 py-2 text-sm text-slate-600">Loading rallies...</p>
              )}
            </Group>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
