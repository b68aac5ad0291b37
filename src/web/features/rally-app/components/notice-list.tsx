import { Button } from '../../../components/ui/button';
import { useRallyQueue, type Notice } from '../rally-queue';

/** The site's answers the team should read about its acts (a refusal...), each until dismissed. */
export function NoticeList({ which }: { which: (notice: Notice) => boolean }) {
  const { notices, dismiss } = useRallyQueue();
  return notices.filter(which).map((n) => (
    <div
      key={n.clientId}
      role="alert"
      className="flex items-start justify-between gap-2 rounded-lg border border-rally-500 p-3 text-rally-600"
    >
      <p>{n.reason}</p>
      <Button variant="ghost" size="sm" onClick={() => dismiss(n.clientId)} aria-label="Dismiss this message">
        OK
      </Button>
    </div>
  ));
}
