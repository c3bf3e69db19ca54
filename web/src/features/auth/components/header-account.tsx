import { lazy, Suspense } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { withSpanish } from '@/i18n/i18n'
import { notify } from '@/lib/notify'

import { useAuth } from '../use-auth'

import type { FromState } from './redirect-target'
import { t } from '@/i18n/layout'
import { theme } from '@/config/theme'

// The dropdown (and its library) loads only for signed-in visitors.
const AccountMenu = lazy(() => withSpanish(import('./account-menu')))

interface HeaderAccountProps {
  /**
   * 'menu' (default): a button opening a dropdown menu, for the desktop header.
   * 'list': the same entries laid out as plain links and a button, for a mobile menu panel.
   */
  variant?: 'menu' | 'list'
  /** Called after any entry is used (e.g. to close the mobile menu). */
  onNavigate?: () => void
}

/**
 * The header's account area (SPEC §2 "Header"): a "Sign In" button to /auth when signed out; when
 * signed in, a user menu with the e-mail, "Admin Dashboard" (admins), "Profile Settings" and
 * "Sign Out" (which returns to /).
 */
export function HeaderAccount({ variant = 'menu', onNavigate }: HeaderAccountProps) {
  const { status, user, role, signOut } = useAuth()
  const location = useLocation()
  const navigate = useNavigate()

  if (status === 'loading') return <Placeholder aria-hidden="true" />

  if (status === 'signed-out' || !user) {
    // Remember the page so sign-in can come back to it (not /auth itself).
    const from: FromState | undefined =
      location.pathname === paths.auth.path ? undefined : { from: { pathname: location.pathname, search: location.search, hash: location.hash } }
    return (
      <ButtonLink to={paths.auth.getHref()} state={from} onClick={onNavigate}>
        {t('account.signIn')}
      </ButtonLink>
    )
  }

  const onSignOut = async () => {
    onNavigate?.()
    await signOut()
    notify.success(t('account.signedOut.title'), t('account.signedOut.text'))
    navigate(paths.home.getHref())
  }

  if (variant === 'list') {
    return (
      <List aria-label={t('account.list')}>
        <Email>
          <span>{t('account.signedInAs')}</span> <strong>{user.email}</strong>
        </Email>
        {role === 'admin' ? (
          <li>
            <ListLink to={paths.admin.getHref()} onClick={onNavigate}>
              {t('account.admin')}
            </ListLink>
          </li>
        ) : null}
        <li>
          <ListLink to={paths.profile.getHref()} onClick={onNavigate}>
            {t('account.profile')}
          </ListLink>
        </li>
        <li>
          <ListButton type="button" onClick={() => void onSignOut()}>
            {t('account.signOut')}
          </ListButton>
        </li>
      </List>
    )
  }

  return (
    <Suspense fallback={<Placeholder aria-hidden="true" />}>
      <AccountMenu user={user} role={role} onSignOut={() => void onSignOut()} />
    </Suspense>
  )
}

const Placeholder = styled.span`
  display: inline-block;
  width: 7.5rem;
  min-height: 48px;
`

const List = styled.ul`
  display: grid;
  gap: ${theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`

const Email = styled.li`
  overflow-wrap: anywhere;
  color: ${theme.colors.textMuted};

  strong {
    display: block;
    color: ${theme.colors.text};
  }
`

const ListLink = styled(Link)`
  display: flex;
  align-items: center;
  min-height: 48px;
  font-weight: ${theme.fontWeights.semibold};
`

const ListButton = styled.button`
  min-height: 48px;
  padding: 0;
  border: 0;
  background: none;
  color: ${theme.colors.primary};
  font-size: ${theme.fontSizes.base};
  font-weight: ${theme.fontWeights.semibold};
  text-decoration: underline;
  cursor: pointer;
`
