import type { ReactNode } from 'react'
import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import { useAuth } from '@/features/auth/use-auth'
import type { Role, User } from '@/types/user'
import { theme } from '@/config/theme'

interface StaffGateProps {
  /** Where to come back to after signing in. */
  returnTo: string
  children: (who: { user: User; role: Role }) => ReactNode
}

/**
 * The staff dashboard's pages (SPEC §2 "Admin dashboard"): staff and admins see them (the API
 * decides what each may do); everyone else sees "Access Denied".
 */
export function StaffGate({ returnTo, children }: StaffGateProps) {
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
              <ButtonLink to={paths.auth.getHref()} state={{ from: { pathname: returnTo, search: '', hash: '' } }}>
                Sign In
              </ButtonLink>
            ) : (
              <ButtonLink to={paths.home.getHref()} $variant="secondary">
                Return to Home
              </ButtonLink>
            )}
          </Denied>
        ) : (
          children({ user, role: role as Role })
        )}
      </Page>
    </Container>
  )
}

const Page = styled.div`
  padding-block: ${theme.space[6]} ${theme.space[8]};
`

export const Muted = styled.p`
  color: ${theme.colors.textMuted};
`

const Denied = styled.div`
  display: grid;
  justify-items: center;
  gap: ${theme.space[2]};
  max-width: 36rem;
  margin: ${theme.space[6]} auto;
  padding: ${theme.space[6]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  text-align: center;
`
