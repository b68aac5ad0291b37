import {
  ClipboardList,
  Coins,
  Compass,
  Contact,
  Database,
  HeartPulse,
  History,
  Home,
  Mail,
  MailPlus,
  Map,
  Radio,
  Settings,
  ShieldCheck,
  Trophy,
  type LucideIcon,
} from 'lucide-react';

export type AdminArea = { href: string; label: string; icon: LucideIcon };

/**
 * The organisers' workspace: each area is its own page under /admin, listed in this order in the
 * admin sidebar (desktop) and the admin menu (phone). Grouped by what an organiser is doing.
 */
export const adminAreaGroups: { title: string; areas: AdminArea[] }[] = [
  {
    title: 'This season',
    areas: [
      { href: '/admin', label: 'Registrations', icon: ClipboardList },
      { href: '/admin/donations', label: 'Donations ledger', icon: Coins },
      { href: '/admin/team-email', label: 'Team e-mail', icon: Mail },
    ],
  },
  {
    title: 'People and e-mail',
    areas: [
      { href: '/admin/contacts', label: 'Contacts', icon: Contact },
      { href: '/admin/mailing-list', label: 'Mailing list', icon: MailPlus },
      { href: '/admin/historic-emails', label: 'Historic ralliers', icon: Database },
    ],
  },
  {
    title: 'The rally',
    areas: [
      { href: '/admin/control-room', label: 'Control room', icon: Radio },
      { href: '/admin/clues', label: 'Clues', icon: Compass },
      { href: '/admin/results', label: 'Results & winners', icon: Trophy },
      { href: '/admin/past-rallies', label: 'Rally history', icon: Map },
      { href: '/admin/home-page', label: 'Home page content', icon: Home },
      { href: '/admin/settings', label: 'Rally settings', icon: Settings },
    ],
  },
  {
    title: 'Records',
    areas: [
      { href: '/admin/privacy', label: 'Privacy requests', icon: ShieldCheck },
      { href: '/admin/audit', label: 'Audit log', icon: History },
      { href: '/admin/site-health', label: 'Site health', icon: HeartPulse },
    ],
  },
];

export const adminAreas = adminAreaGroups.flatMap((g) => g.areas);

/** The area an address belongs to (a deeper address belongs to its area's page). */
export const adminAreaOf = (pathname: string): AdminArea | undefined =>
  adminAreas.find((a) => a.href === pathname) ?? adminAreas.filter((a) => a.href !== '/admin' && pathname.startsWith(`${a.href}/`)).at(0);
