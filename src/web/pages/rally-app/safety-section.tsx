import { useCallback } from 'react';
import type { SosInput } from '@common/schemas/control-room';
import { AllOkButton, SosButton } from '../../features/control-room';
import { Card } from '../../components/ui/card';
import { useRallySettings } from '../../lib/rally-settings';
import { LOGIN_AND_BACK, siteNow, useRallyQueue } from '../../features/rally-app';
import { SosStatus } from './sos-status';

/**
 * SOS and "All OK tonight", both through the phone's queue: kept without signal and sent when it
 * is back (an SOS ahead of everything else waiting). A queued one shows as queued, after a reload
 * too, and an SOS the site refused to take without a login says it is NOT sent.
 */
export function SafetySection() {
  const { add, pending, loginNeeded } = useRallyQueue();
  const settings = useRallySettings();
  const sos = useCallback((input: SosInput) => add({ kind: 'sos', madeAt: siteNow().toISOString(), ...input }), [add]);
  const allOk = useCallback((clientId: string) => add({ kind: 'all-ok', clientId, madeAt: siteNow().toISOString() }), [add]);
  const sosQueued = pending.some((a) => a.kind === 'sos');
  return (
    <section aria-labelledby="safety-title">
      <h2 id="safety-title" className="mb-2 text-xl font-bold text-navy-900">
        Safety
      </h2>
      <Card className="space-y-4 p-5">
        <SosButton
          send={sos}
          queued={
            sosQueued
              ? {
                  loginNeeded,
                  loginHref: LOGIN_AND_BACK,
                  organisers: settings?.organiserPhones || settings?.supportEmail || 'the support e-mail',
                }
              : null
          }
        />
        {/* While a new SOS waits on the phone, the earlier one's status (resolved, with the organisers' note) would read as this one's. */}
        {!sosQueued && <SosStatus />}
        <AllOkButton send={allOk} queued={pending.some((a) => a.kind === 'all-ok')} loginNeeded={loginNeeded} />
      </Card>
    </section>
  );
}
