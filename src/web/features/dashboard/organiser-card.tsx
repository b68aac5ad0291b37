import { Link } from 'wouter';
import { ShieldCheck } from 'lucide-react';
import { buttonClass } from '../../components/ui/button';

/** Every login lands on the dashboard (spec); an organiser finds the way to the admin here first. */
export function OrganiserCard() {
  return (
    <section
      aria-labelledby="organiser-card"
      className="flex flex-col gap-4 rounded-2xl border border-navy-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-1 h-6 w-6 shrink-0 text-navy-700" aria-hidden />
        <div>
          <h2 id="organiser-card" className="text-xl font-bold text-navy-900">
            Organiser
          </h2>
          <p className="text-slate-600">Registrations, donations, e-mail and the rally&apos;s settings are in the admin panel.</p>
        </div>
      </div>
      <Link href="/admin" className={buttonClass('primary', 'lg')}>
        Go to Admin Panel
      </Link>
    </section>
  );
}
