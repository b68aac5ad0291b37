import { Link } from 'wouter';
import { useCurrentUser } from '../../lib/auth';

/** The fixed navigation bar on every page (80 px tall). */
export function Navbar() {
  const { user } = useCurrentUser();
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-20 border-b border-navy-800 bg-navy-900 text-white">
      <nav aria-label="Main" className="mx-auto flex h-full max-w-7xl items-center justify-between px-4">
        <Link href="/" className="text-lg font-bold">Jersey Charity Rally</Link>
        <div className="flex items-center gap-4 text-sm">
          <Link href="/about">About</Link>
          {user ? <Link href="/dashboard">My Dashboard</Link> : <Link href="/login">Log In</Link>}
          {!user && <Link href="/signup" className="rounded-lg bg-gold-400 px-3 py-2 font-semibold text-navy-950">Sign Up 2026</Link>}
        </div>
      </nav>
    </header>
  );
}
