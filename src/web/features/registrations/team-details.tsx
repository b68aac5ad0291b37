import type { ReactNode } from 'react';
import { veteranSummary } from '@common/veterans';
import type { AdminTeam } from '@common/schemas/registrations';
import { formatPence } from '@common/money';

function Row({ label, children }: { label: string; children: ReactNode }) {
  const empty = children == null || children === '' || (Array.isArray(children) && children.length === 0);
  return (
    <div className="grid grid-cols-[6.5rem_1fr] sm:grid-cols-[8.5rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{empty ? <span className="text-slate-400">-</span> : children}</dd>
    </div>
  );
}

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h4 className="mb-1 text-xs font-bold uppercase tracking-wide text-navy-700">{title}</h4>
      <dl className="divide-y divide-slate-100">{children}</dl>
    </div>
  );
}

const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');
const mail = (e: string | null) =>
  e && (
    <a className="text-navy-700 underline-offset-2 hover:underline" href={`mailto:${e}`}>
      {e}
    </a>
  );

/** Every detail of a registration, in the order organisers check them. */
export function TeamDetails({ s }: { s: AdminTeam }) {
  const car = [s.carYear, s.carMake, s.carModel].filter(Boolean).join(' ');
  return (
    <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
      <Group title="Driver">
        <Row label="Name">{name(s.driverFirstName, s.driverLastName)}</Row>
        <Row label="Email">{mail(s.driverEmail)}</Row>
        <Row label="Phone">{s.driverPhone}</Row>
        <Row label="Address">{s.driverAddress}</Row>
        <Row label="Passport">{s.driverPassport}</Row>
      </Group>
      <Group title="Co-driver">
        <Row label="Name">{name(s.coDriverFirstName, s.coDriverLastName)}</Row>
        <Row label="Email">{mail(s.coDriverEmail)}</Row>
        <Row label="Phone">{s.coDriverPhone}</Row>
        <Row label="Address">{s.coDriverAddress}</Row>
        <Row label="Passport">{s.coDriverPassport}</Row>
      </Group>
      <Group title="Vehicle">
        <Row label="Car">{car}</Row>
        <Row label="Registration">{s.carRegistration}</Row>
        <Row label="Photo">
          {s.carImageUrl && (
            <a className="text-navy-700 hover:underline" href={s.carImageUrl} target="_blank" rel="noreferrer">
              View photo
            </a>
          )}
        </Row>
      </Group>
      <Group title="Emergency contact">
        <Row label="Name">{s.emergencyContactName}</Row>
        <Row label="Phone">{s.emergencyContactPhone}</Row>
        <Row label="Relationship">{s.emergencyContactRelationship}</Row>
      </Group>
      <Group title="Additional information">
        <Row label="Completed in...">{veteranSummary(s.veteranYears)}</Row>
        <Row label="Previous rally">
          {s.previousRally ? `Yes${s.previousRallyYears.length ? ` (${s.previousRallyYears.join(', ')})` : ''}` : 'No'}
        </Row>
        <Row label="Dietary">{s.dietaryRequirements}</Row>
        <Row label="Medical">{s.medicalConditions}</Row>
      </Group>
      <Group title="Fundraising">
        <Row label="Raised">{`${formatPence(s.donationTotal)} (${s.donationCount} ${s.donationCount === 1 ? 'donation' : 'donations'})`}</Row>
        <Row label="Page">
          {s.justGivingUrl && (
            <a className="text-navy-700 hover:underline" href={s.justGivingUrl} target="_blank" rel="noreferrer">
              {s.justGivingUrl}
            </a>
          )}
        </Row>
        <Row label="Sponsors">
          {s.sponsors.length > 0 && (
            <ul>
              {s.sponsors.map((sp) => (
                <li key={sp.url}>
                  <a className="text-navy-700 hover:underline" href={sp.url} target="_blank" rel="noreferrer">
                    {sp.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Row>
        <Row label="Registered">
          {new Date(s.createdAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}
        </Row>
      </Group>
    </div>
  );
}
