import type { LucideIcon } from 'lucide-react';
import { Card } from './card';
import { cn } from '../../lib/cn';

/** A headline number with its label, for the admin overviews. */
export function StatCard({
  label,
  value,
  icon: Icon,
  note,
  tone = 'navy',
}: {
  label: string;
  value: number | string;
  icon: LucideIcon;
  note?: string;
  tone?: 'navy' | 'green' | 'red' | 'gold';
}) {
  const tones = {
    navy: 'bg-navy-100 text-navy-800',
    green: 'bg-emerald-100 text-emerald-800',
    red: 'bg-rose-100 text-rose-800',
    gold: 'bg-gold-300/40 text-gold-600',
  };
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-5">
      <span className={cn('rounded-xl p-3', tones[tone])}>
        <Icon className="h-6 w-6" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p className="text-2xl font-bold tabular-nums text-navy-900">{value}</p>
        {note && <p className="text-xs text-slate-500">{note}</p>}
      </div>
    </Card>
  );
}
