import { Link, useLocation } from 'wouter';
import { Flag } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useCurrentUser } from '../../lib/auth';
import { useGoToSection } from '../../lib/use-section-link';
import { buttonClass } from '../ui/button';
import { sectionLinks, usePreviousRallyLinks, useSeasonMenu } from './nav-links';
import { MobileMenu } from './mobile-menu';
import { NavMenu } from './nav-menu';

const itemClass = 'rounded-md px-3 py-2 text-sm font-medium text-navy-50 hover:bg-navy-800 hover:text-white cursor-pointer';
const menuItemClass = 'block rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-navy-50 hover:text-navy-900';

function MenuLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <Link href={href} className={menuItemClass}>
        {children}
      </Link>
    </li>
  );
}

export function Brand() {
  return (
    <Link href="/" className="flex items-center gap-2 rounded-md font-bold text-white">
      <span className="grid h-9 w-9 place-items-center rounded-lg bg-gold-400 text-navy-950">
        <Flag className="h-5 w-5" aria-hidden />
      </span>
      <span className="leading-tight">Jersey Charity Rally</span>
    </Link>
  );
}

/** The fixed navigation bar on every page (80 px tall); below lg the items move to a side menu. */
export function Navbar() {
  const { thisYearLinks, signUp } = useSeasonMenu();
  const previousRallyLinks = usePreviousRallyLinks();
  const { user } = useCurrentUser();
  const goToSection = useGoToSection();
  const [location] = useLocation();
  // A new page starts at the top, unless its address names a section to scroll to. The page the
  // browser opened keeps the scroll the browser gave it: a visitor may have scrolled a
  // server-rendered page before it hydrated, or come back to it.
  const shown = useRef(location);
  useEffect(() => {
    if (shown.current === location) return;
    shown.current = location;
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location]);
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-20 border-b border-navy-800 bg-navy-900/95 text-white backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4">
        <Brand />
        <div className="hidden items-center gap-0.5 lg:flex">
          <NavMenu label="This Year" triggerClassName={itemClass}>
            {thisYearLinks.map((l) => (
              <MenuLink key={l.href} href={l.href}>
                {l.label}
              </MenuLink>
            ))}
          </NavMenu>
          <Link href="/about" className={itemClass}>
            About
          </Link>
          {sectionLinks.map((s) => (
            <button key={s.id} type="button" className={itemClass} onClick={() => goToSection(s.id)}>
              {s.label}
            </button>
          ))}
          <NavMenu label="Previous Rallies" triggerClassName={itemClass}>
            {previousRallyLinks ? (
              previousRallyLinks.map((r) => (
                <MenuLink key={r.year} href={r.href}>
                  <span className="font-semibold">{r.year}</span> <span className="text-slate-600">{r.destination}</span>
                </MenuLink>
              ))
            ) : (
              <li className="px-3 py-2 text-sm text-slate-600">Loading rallies...</li>
            )}
          </NavMenu>
        </div>
        <div className="hidden items-center gap-2 lg:flex">
          {user ? (
            <NavMenu label={user.firstName || 'My Account'} triggerClassName={itemClass} align="end">
              <MenuLink href="/dashboard">My Dashboard</MenuLink>
              {user.isAdmin && <MenuLink href="/admin">Admin Panel</MenuLink>}
              <li role="separator" className="my-1 h-px bg-slate-200" />
              <MenuLink href="/logout">Log Out</MenuLink>
            </NavMenu>
          ) : (
            <>
              <Link href="/login" className={itemClass}>
                Log In
              </Link>
              {signUp && (
                <Link href="/signup" className={buttonClass('primary', 'sm')}>
                  {signUp}
                </Link>
              )}
            </>
          )}
        </div>
        <MobileMenu user={user} onSection={goToSection} />
      </nav>
    </header>
  );
}
