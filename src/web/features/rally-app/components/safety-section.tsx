import { useCallback } from 'react';
import type { SosInput } from '@common/schemas/control-room';
import { AllOkButton, SosButton } from '../../control-room';
import { Card } from '../../../components/ui/card';
import { useRallyQueue } from '../rally-queue';
import { NoticeList } from './notice-list';
import { SosStatus } from './sos-status';

/**
 * SOS and "All OK tonight", both through the phone's queue: kept without signal and sent when it
 * is back (an SOS ahead of everything else waiting).
 */
export function SafetySection() {
  const { add } = useRallyQueue();
  const sos = useCallback((input: SosInput) => add({ kind: 'sos', ...input }), [add]);
  const allOk = useCallback((clientId: string) => add({ kind: 'all-ok', clientId }), [add]);
  return (
    <section aria-labelledby="safety-title">
      <h2 id="safety-title" className="mb-2 text-xl font-bold text-navy-900">
        Safety
      </h2>
      <Card className="space-y-4 p-5">
        <SosButton send={sos} />
        <SosStatus />
        <AllOkButton send={allOk} />
        <NoticeList which={(n) => n.kind === 'sos' || n.kind === 'all-ok'} />
      </Card>
    </section>
  );
}
