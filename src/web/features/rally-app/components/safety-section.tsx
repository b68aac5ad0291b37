import { useCallback } from 'react';
import type { SosInput } from '@common/schemas/control-room';
import { loginPathReturningTo } from '@common/return-path';
import { AllOkButton, SosButton } from '../../control-room';
import { Card } from '../../../components/ui/card';
import { useRallySettings } from '../../../lib/rally-settings';
import { siteNow } from '../site-clock';
import { useRallyQueue } from '../rally-queue';
import { SosStatus } from './sos-status';

/** Where the login screen sends the team back to: the app, where its queue is sent. */
export const LOGIN_AND_BACK = loginPathReturningTo('/rally-app');

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
        <SosStatus />
        <AllOkButton send={allOk} queued={pending.some((a) => a.kind === 'all-ok')} loginNeeded={loginNeeded} />
      </Card>
    </section>
  );
}
