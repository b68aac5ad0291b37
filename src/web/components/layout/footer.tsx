import { Link } from 'wouter';
import { useRallySettings } from '../../lib/rally-settings';
import { useGoToSection } from '../../lib/use-section-link';

const quickLinks = [
  { id: 'about', label: 'About' },
  { id: 'rally-stats', label: 'Stats' },
  { id: 'winners', label: 'Winners' },
  { id: 'history', label: 'History' },
];

const linkClass = 'rounded text-navy-100 hover:text-gold-300 cursor-pointer';

export function Footer() {
  const rallySettings = useRallySettings();
  const goToSection = useGoToSection();
  return (
    <footer className="bg-navy-950 text-navy-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{rallySettings.productName}</p>
          <p className="mt-2 text-sm">
            A charity treasure-hunt road rally from Jersey across Europe, raising money for local charities since {rallySettings.firstYear}.
          </p>
        </div>
        <nav aria-label="Quick Links">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-gold-300">Quick Links</h2>
          <ul className="mt-3 space-y-2">
            {quickLinks.map((l) => (
              <li key={l.id}>
                <button type="button" className={linkClass} onClick={() => goToSection(l.id)}>
                  {l.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wider text-gold-300">Organisers</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link href="/admin" className={linkClass}>
                Admin Login
              </Link>
            </li>
            <li>
              <a href={`mailto:${rallySettings.supportEmail}`} className={linkClass}>
                {rallySettings.supportEmail}
              </a>
            </li>
            <li>
              <Link href="/privacy" className={linkClass}>
                Privacy
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-navy-800 py-5 text-center text-sm">
        © {rallySettings.year} {rallySettings.productName}. All rights reserved.
      </p>
    </footer>
  );
}
