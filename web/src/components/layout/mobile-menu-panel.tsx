import { CLINICS } from '@hearing/contracts'
import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode, RefObject } from 'react'
import { Link, NavLink, useLocation } from 'react-router-dom'
import styled, { css, keyframes } from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { bookAppointmentLink, isNavGroup, mainNavigation } from '@/content/navigation'
import { phoneHref } from '@/lib/clinic-display'

import { CalendarIcon, CloseIcon, PhoneIcon } from './icons'
import { t } from '@/i18n/layout'
import { theme } from '@/config/theme'

export interface MobileMenuPanelProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The Menu button: focus returns to it when the panel closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>
  /** The account entries (signed out: Sign In; signed in: profile, admin, sign out), laid out as a list. */
  renderAccount?: (close: () => void) => ReactNode
}

/**
 * The mobile navigation panel (Radix Dialog: focus moves into it and stays there, Escape or the
 * close button closes it, focus returns to the Menu button, the page behind is inert and does not
 * scroll). Loaded when the Menu button is first pressed or hovered (mobile-menu.tsx), so the
 * dialog library is not part of every page's first download.
 */
export default function MobileMenuPanel({ open, onOpenChange, returnFocusTo, renderAccount }: MobileMenuPanelProps) {
  const { pathname, search } = useLocation()
  const close = () => onOpenChange(false)

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Overlay />
        <Panel
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // There is no Dialog.Trigger (see mobile-menu.tsx): give focus back to the Menu button.
            event.preventDefault()
            returnFocusTo.current?.focus()
          }}
        >
          <PanelHeader>
            <Title>{t('menu.title')}</Title>
            <Dialog.Close asChild>
              <CloseButton type="button" aria-label={t('menu.close')}>
                <CloseIcon size={24} />
              </CloseButton>
            </Dialog.Close>
          </PanelHeader>

          <nav aria-label={t('nav.main')}>
            <NavList>
              {mainNavigation.map((item) =>
                isNavGroup(item) ? (
                  <li key={item.label}>
                    <GroupLabel id={`mobile-nav-${item.label.replace(/\W/g, '-')}`}>{t(item.label as never)}</GroupLabel>
                    <SubList aria-labelledby={`mobile-nav-${item.label.replace(/\W/g, '-')}`}>
                      {item.links.map((link) => (
                        <li key={link.href}>
                          <MenuLink
                            to={link.href}
                            aria-current={link.href === pathname + search ? 'page' : undefined}
                            onClick={close}
                          >
                            {t(link.label as never)}
                          </MenuLink>
                        </li>
                      ))}
                    </SubList>
                  </li>
                ) : (
                  <li key={item.href}>
                    <MenuNavLink to={item.href} end onClick={close}>
                      {t(item.label as never)}
                    </MenuNavLink>
                  </li>
                ),
              )}
            </NavList>
          </nav>

          <Actions>
            <ButtonLink to={bookAppointmentLink.href} onClick={close}>
              <CalendarIcon />
              {t(bookAppointmentLink.label as never)}
            </ButtonLink>
            {renderAccount ? <Account>{renderAccount(close)}</Account> : null}
          </Actions>

          <Phones>
            <GroupLabel as="h3">{t('menu.callUs')}</GroupLabel>
            <ul>
              {CLINICS.map((clinic) => (
                <li key={clinic.uid}>
                  <PhoneLink href={phoneHref(clinic.phone)}>
                    <PhoneIcon />
                    <span>
                      {clinic.town} <strong>{clinic.phone}</strong>
                    </span>
                  </PhoneLink>
                </li>
              ))}
            </ul>
          </Phones>
        </Panel>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`

const slideIn = keyframes`
  from { transform: translateX(100%); }
  to { transform: translateX(0); }
`

const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndices.dialog};
  background: rgba(15, 40, 50, 0.55);
  animation: ${fadeIn} ${theme.durations.base} ease-out;
`

const Panel = styled(Dialog.Content)`
  position: fixed;
  inset: 0 0 0 auto;
  z-index: ${theme.zIndices.dialog};
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
  width: min(26rem, 100vw);
  padding: ${theme.space[3]} ${theme.space[5]} ${theme.space[6]};
  overflow-y: auto;
  overscroll-behavior: contain;
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.raised};
  animation: ${slideIn} ${theme.durations.base} ease-out;

  &:focus {
    outline: none;
  }
`

const PanelHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
  padding-bottom: ${theme.space[3]};
  border-bottom: 1px solid ${theme.colors.border};
`

const Title = styled(Dialog.Title)`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
`

const CloseButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border: 2px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  color: ${theme.colors.text};
  cursor: pointer;

  &:hover {
    background: ${theme.colors.surface};
  }
`

const NavList = styled.ul`
  display: grid;
  gap: ${theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
`

const SubList = styled.ul`
  display: grid;
  gap: ${theme.space[1]};
  margin: 0 0 ${theme.space[2]};
  padding: 0 0 0 ${theme.space[4]};
  border-left: 3px solid ${theme.colors.primarySoft};
  list-style: none;
`

const GroupLabel = styled.p`
  margin: ${theme.space[3]} 0 ${theme.space[1]};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${theme.colors.textMuted};
`

/** Both kinds of menu link: group links (aria-current set here) and top-level NavLinks. */
const menuLinkStyles = css`
  display: flex;
  align-items: center;
  min-height: 48px;
  padding: 0.5rem 0.75rem;
  border-radius: 8px;
  text-decoration: none;
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.semibold};

  &:hover,
  &[aria-current='page'] {
    background: ${theme.colors.primarySoft};
    color: ${theme.colors.primaryHover};
  }
`

const MenuLink = styled(Link)`
  ${menuLinkStyles}
`

const MenuNavLink = styled(NavLink)`
  ${menuLinkStyles}
`

const Actions = styled.div`
  display: grid;
  gap: ${theme.space[3]};
`

const Account = styled.div`
  display: grid;

  > a {
    width: 100%;
  }
`

const Phones = styled.div`
  padding-top: ${theme.space[3]};
  border-top: 1px solid ${theme.colors.border};

  ul {
    display: grid;
    gap: ${theme.space[1]};
    margin: 0;
    padding: 0;
    list-style: none;
  }
`

const PhoneLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[3]};
  min-height: 48px;
  color: ${theme.colors.text};
  text-decoration: none;

  svg {
    flex: none;
    color: ${theme.colors.primary};
  }

  strong {
    color: ${theme.colors.primary};
    text-decoration: underline;
  }
`
