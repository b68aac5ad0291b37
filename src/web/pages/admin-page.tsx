import { AdminGate } from '../features/admin/admin-gate';
import { AdminDashboard } from '../features/admin/admin-dashboard';

export default function AdminPage() {
  return (
    <AdminGate>
      <AdminDashboard />
    </AdminGate>
  );
}
