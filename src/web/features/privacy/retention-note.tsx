import { formatDay, usePrivacyInfo } from './api';

/** The signup form's line on how long passports and medical details are kept, with the privacy link. */
export function RetentionNote() {
  const info = usePrivacyInfo();
  return (
    <p className="text-sm text-slate-600 sm:col-span-2">
      Passport numbers, dietary requirements and medical conditions are stored encrypted, seen by the organisers only when needed (ferry
      booking, emergencies) and erased{' '}
      {info.data ? (
        `${info.data.retentionDays} days after the rally (on ${formatDay(info.data.deleteAfter)})`
      ) : (
        <span className="inline-block h-3 w-40 animate-pulse rounded bg-slate-200 align-middle" aria-label="Loading" />
      )}
      . See our{' '}
      <a href="/privacy" className="text-navy-700 underline">
        privacy notice
      </a>
      .
    </p>
  );
}
