import { AdminSubPage } from '../components/layout/admin-sub-page';
import { ControlRoomScreen } from '../features/control-room/control-room-screen';
import { PhotoReview } from '../features/clues';

/** /admin/control-room: the live rally at a glance for the organisers. */
export default function AdminControlRoomPage() {
  return (
    <AdminSubPage
      title="Control room"
      intro="The live rally: SOS alerts, every team's last contact and position, All OK tonight, photos to approve and messages to teams. Updates by itself."
    >
      <ControlRoomScreen photoReview={<PhotoReview />} />
    </AdminSubPage>
  );
}
