import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import { AdminDashboard } from '@/features/admin/components/admin-dashboard'
import { useAuth } from '@/features/auth/use-auth'
import { useLocations } from '@/features/locations/api/get-locations'

/**
 * /admin (SPEC §2 "Admin dashboard"). Admins manage; staff may look at the user list (the API lets
 * them read it) but change nothing; everyone else sees "Access Denied".
 */
export default function AdminPage() {
  const { data: clinics } = useLocations()
  const { status, user, role } = useAuth()
  const allowed = role === 'admin' || role === 'staff'

  return (
    <Container>
      <Page>
        {status === 'loading' ? (
          <Muted role="status">Loading...</Muted>
        ) : !allowed || !user ? (
          <Denied>
            <h1>Access Denied</h1>
            <p>You don't have permission to access the admin dashboard.</p>
            {status === 'signed-out' ? (
              <ButtonLink to={paths.auth.getHref()} state={{ from: { pathname: paths.admin.path, search: '', hash: '' } }}>
                Sign In
              </ButtonLink>
            ) : (
              <ButtonLink to={paths.home.getHref()} $variant="secondary">
                Return to Home
              </ButtonLink>
            )}
          </Denied>
        ) : (
          <>
            <h1>Admin Dashboard</h1>
            <Muted>Signed in as {user.email} ({role}).</Muted>
            <AdminDashboard isAdmin={role === 'admin'} currentUserId={user.id} clinics={clinics} />
          </>
        )}
      </Page>
    </Container>
  )
}

const Page = styled.div`
  padding-block: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[8]};
`

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`

const Denied = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 36rem;
  margin: ${({ theme }) => theme.space[6]} auto;
  padding: ${({ theme }) => theme.space[6]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  text-align: center;
`
