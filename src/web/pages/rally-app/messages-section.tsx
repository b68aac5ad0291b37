import { TeamMessages } from '../../features/control-room';
import { Card } from '../../components/ui/card';

/** The organisers' messages, with "Allow notifications"; the page's live stream refreshes them. */
export function MessagesSection() {
  return (
    <Card className="p-5">
      <TeamMessages listen={false} />
    </Card>
  );
}
