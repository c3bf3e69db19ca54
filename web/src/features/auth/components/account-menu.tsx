import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { paths } from '@/config/paths'
import type { Role, User } from '@/types/user'
import { t } from '@/i18n/layout'
import { theme } from '@/config/theme'

export interface AccountMenuProps {
  user: Pick<User, 'email'>
  role: Role | null | undefined
  onSignOut: () => void
}

/**
 * The signed-in user's menu in the desktop header (Radix DropdownMenu). Loaded only once someone
 * is signed in (header-account.tsx): visitors never download the menu library.
 */
export default function AccountMenu({ user, role, onSignOut }: AccountMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <Trigger aria-label={t('account.menu', { email: user.email })}>
        <UserIcon />
        <TriggerText>{t('account.account')}</TriggerText>
        <Chevron />
      </Trigger>
      <DropdownMenu.Portal>
        <Content align="end" sideOffset={8} collisionPadding={12}>
          <MenuLabel>
            <small>{t('account.signedInAs')}</small>
            <span>{user.email}</span>
          </MenuLabel>
          <Separator />
          {role === 'admin' ? (
            <Item asChild>
              <Link to={paths.admin.getHref()}>{t('account.admin')}</Link>
            </Item>
          ) : null}
          <Item asChild>
            <Link to={paths.profile.getHref()}>{t('account.profile')}</Link>
          </Item>
          <Separator />
          <Item onSelect={() => onSignOut()}>{t('account.signOut')}</Item>
        </Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

function UserIcon() {
  return (
    <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </svg>
  )
}

function Chevron() {
  return (
    <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
      <path d="m6 9 6 6 6-6" />
    </svg>
  )
}

const Trigger = styled(DropdownMenu.Trigger)`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  min-height: 48px;
  padding: ${theme.space[2]} ${theme.space[4]};
  border: 2px solid ${theme.colors.primary};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.background};
  color: ${theme.colors.primary};
  font-size: ${theme.fontSizes.base};
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;

  &:hover,
  &[data-state='open'] {
    background: ${theme.colors.primarySoft};
  }

  svg {
    flex: none;
  }
`

const TriggerText = styled.span``

const Content = styled(DropdownMenu.Content)`
  z-index: 1100;
  min-width: 16rem;
  max-width: min(22rem, calc(100vw - 24px));
  padding: ${theme.space[2]};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  box-shadow: 0 8px 24px rgba(16, 40, 48, 0.18);
  font-size: ${theme.fontSizes.base};
`

const MenuLabel = styled(DropdownMenu.Label)`
  display: grid;
  padding: ${theme.space[2]} ${theme.space[3]};
  color: ${theme.colors.text};
  overflow-wrap: anywhere;

  small {
    font-size: ${theme.fontSizes.base};
    color: ${theme.colors.textMuted};
  }

  span {
    font-weight: ${theme.fontWeights.semibold};
  }
`

const Separator = styled(DropdownMenu.Separator)`
  height: 1px;
  margin: ${theme.space[2]} 0;
  background: ${theme.colors.border};
`

const Item = styled(DropdownMenu.Item)`
  display: flex;
  align-items: center;
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[3]};
  border-radius: ${theme.radii.sm};
  color: ${theme.colors.text};
  text-decoration: none;
  cursor: pointer;
  outline: none;

  &[data-highlighted] {
    background: ${theme.colors.primary};
    color: ${theme.colors.onPrimary};
  }
`

