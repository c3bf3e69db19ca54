import { paths } from '@/config/paths'
import { AdminDashboard } from '@/features/admin/components/admin-dashboard'
import { useLocations } from '@/features/locations/api/get-locations'

import { Muted, StaffGate } from '../staff-gate'

/**
 * /admin (SPEC §2 "Admin dashboard"). Admins manage; staff may look at the user list (the API lets
 * them read it) but change nothing; everyone else sees "Access Denied".
 */
export default function AdminPage() {
  const { data: clinics } = useLocations()

  return (
    <StaffGate returnTo={paths.admin.path}>
      {({ user, role }) => (
        <>
          <h1>Admin Dashboard</h1>
          <Muted>
            Signed in as {user.email} ({role}).
          </Muted>
          <AdminDashboard isAdmin={role === 'admin'} currentUserId={user.id} clinics={clinics} />
        </>
      )}
    </StaffGate>
  )
}
