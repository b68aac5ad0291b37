import type { ComponentType } from 'react';

/**
 * What the organisers' registrations show of other features, passed in by the page
 * (src/web/pages/admin-page.tsx): a feature imports no other feature.
 */
export type RegistrationsParts = {
  /** The JustGiving feature's check of a team's page (JustGivingPageCheck). */
  PageCheck: ComponentType<{ signupId: number; teamName: string; url: string | null }>;
  /** The deposits feature's form for a deposit paid by hand (ManualDepositForm). */
  ManualDeposit: ComponentType<{ signupId: number; teamName: string; defaultPence: number }>;
  /** The bulk-mail feature's dialog writing to the ticked teams (TeamEmailDialog). */
  TeamEmail: ComponentType<{
    teams: { id: number; teamName: string }[];
    open: boolean;
    onOpenChange: (open: boolean) => void;
    onSent?: () => void;
  }>;
};
