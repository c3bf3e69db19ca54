import { CLINICS } from '@hearing/contracts'
import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { NavLink } from 'react-router-dom'
import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { bookAppointmentLink, isNavGroup, mainNavigation } from '@/content/navigation'
import { formatDays, formatOpeningTimes, officeHours, phoneHref } from '@/lib/clinic-display'

import { Brand } from './brand'
import { DiscoverMenu } from './discover-menu'
import { CalendarIcon, ClockIcon, PhoneIcon } from './icons'
import { MobileMenu } from './mobile-menu'
import { useScrolledPast } from './use-scrolled-past'
import { t } from '@/i18n/layout'
import { LanguageSwitch } from './language-switch'
import { theme } from '@/config/theme'

/** SPEC §9: the header changes appearance once the page is scrolled past this many pixels. */
export const HEADER_SCROLL_THRESHOLD_PX = 300

interface SiteHeaderProps {
  /**
   * The account area, from the auth feature: 'menu' in the header bar (Sign In, or the user menu
   * with the admin link), 'list' inside the mobile menu (`onNavigate` closes the menu).
   */
  renderAccount?: (variant: 'menu' | 'list', onNavigate?: () => void) => ReactNode
  /** The cart button that opens the cart drawer (shop feature); shown beside the account area. */
  cart?: ReactNode
}

/**
 * The site header (SPEC §2 "Header and footer"): a band with both clinics' phone numbers and the
 * opening hours, then the bar with the practice's name, the navigation (with the "Discover" menu),
 * the cart, Book Appointment and the account area. Below theme.breakpoints.nav the navigation moves
 * into the mobile menu.
 *
 * The bar stays at the top of the window while the page scrolls (the phone band scrolls away), and
 * once the page is scrolled past 300 px it lifts off the page with a shadow (data-scrolled="true").
 */
export function SiteHeader({ renderAccount, cart }: SiteHeaderProps) {
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX)
  const headerRef = useRef<HTMLElement>(null)

  // Sticky with a negative top equal to the band's height: the band scrolls away, the bar stays.
  // Measured, not fixed, because the band wraps differently with width and text size.
  useLayoutEffect(() => {
    const header = headerRef.current
    const band = header?.querySelector<HTMLElement>('[data-top-bar]')
    if (!header || !band || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      header.style.setProperty('--top-bar-height', `${band.offsetHeight}px`)
    })
    observer.observe(band)
    return () => observer.disconnect()
  }, [])

  return (
    <Header ref={headerRef} data-scrolled={scrolled ? 'true' : 'false'}>
        <TopBar data-top-bar="">
          <TopBarInner>
            <PhoneList aria-label={t('header.callClinics')}>
              {CLINICS.map((clinic) => (
                <li key={clinic.uid}>
                  <TopBarLink href={phoneHref(clinic.phone)}>
                    <PhoneIcon size={18} />
                    <span>
                      {clinic.town} <strong>{clinic.phone}</strong>
                    </span>
                  </TopBarLink>
                </li>
              ))}
            </PhoneList>
            <Hours>
              <ClockIcon size={18} />
              <span>
                {officeHours
                  .filter((h) => h.opens)
                  .map((h) => `${formatDays(h.days)} ${formatOpeningTimes(h)}`)
                  .join(' · ')}
              </span>
            </Hours>
            <LanguageSwitch />
          </TopBarInner>
        </TopBar>

      <Bar data-header-bar="">
        <BarInner>
            <Brand />

            <DesktopNav aria-label={t('nav.main')}>
              <NavList>
                {mainNavigation.map((item) =>
                  isNavGroup(item) ? (
                    <li key={item.label}>
                      <DiscoverMenu group={item} />
                    </li>
                  ) : (
                    <li key={item.href}>
                      <BarLink to={item.href} end>
                        {t(item.label as never)}
                      </BarLink>
                    </li>
                  ),
                )}
              </NavList>
            </DesktopNav>

          <Actions>
            {cart}
              <BookButton to={bookAppointmentLink.href}>
                <CalendarIcon />
                {t(bookAppointmentLink.label as never)}
              </BookButton>
            {renderAccount ? (
                <DesktopOnly>{renderAccount('menu')}</DesktopOnly>
            ) : null}
              <MobileOnly>
                <MobileMenu renderAccount={renderAccount ? (close) => renderAccount('list', close) : undefined} />
              </MobileOnly>
          </Actions>
        </BarInner>
      </Bar>
    </Header>
  )
}

const Header = styled.header`
  position: sticky;
  top: calc(-1 * var(--top-bar-height, 0px));
  z-index: ${theme.zIndices.header};
`

const TopBar = styled.div`
  background: ${theme.colors.inverse};
  color: ${theme.colors.onInverse};
  font-size: ${theme.fontSizes.sm};
  line-height: ${theme.lineHeights.snug};

  :focus-visible {
    outline-color: ${theme.colors.focusOnInverse};
  }
`

const TopBarInner = styled(Container)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0 ${theme.space[5]};
  padding-block: ${theme.space[1]};
`

const PhoneList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${theme.space[5]};
  margin: 0;
  padding: 0;
  list-style: none;
`

const TopBarLink = styled.a`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  min-height: 40px;
  color: ${theme.colors.onInverse};
  text-decoration: none;

  svg {
    flex: none;
  }

  strong {
    font-weight: ${theme.fontWeights.semibold};
    text-decoration: underline;
    text-underline-offset: 0.15em;
  }

  &:hover {
    color: ${theme.colors.onInverse};
  }

  &:hover strong {
    text-decoration-thickness: 2px;
  }
`

const Hours = styled.p`
  display: none;
  align-items: center;
  gap: ${theme.space[2]};
  margin: 0;
  color: ${theme.colors.onInverseMuted};

  svg {
    flex: none;
  }

  ${theme.media.fromDesktop} {
    display: inline-flex;
  }
`

const Bar = styled.div`
  border-bottom: 1px solid ${theme.colors.border};
  background: ${theme.colors.background};
  transition:
    box-shadow ${theme.durations.base} ease,
    border-color ${theme.durations.base} ease;

  /* Scrolled: the bar floats above the page. Its height never changes, so nothing below moves. */
  [data-scrolled='true'] > & {
    border-bottom-color: ${theme.colors.primary};
    box-shadow: ${theme.shadows.raised};
  }
`

const BarInner = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[2]};

  ${theme.media.fromTablet} {
    gap: ${theme.space[3]};
  }
  min-height: 4.5rem;
  padding-block: ${theme.space[2]};
`

const DesktopNav = styled.nav`
  display: none;

  ${theme.media.fromNav} {
    display: block;
  }
`

const NavList = styled.ul`
  display: flex;
  align-items: center;
  gap: 0;
  margin: 0;
  padding: 0;
  list-style: none;
`

const BarLink = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  min-height: 48px;
  /* Narrow enough that a signed-in header (Account instead of Sign In) fits at 1280 px. */
  padding: ${theme.space[2]} 0.375rem;
  border-radius: ${theme.radii.md};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  text-decoration: none;
  white-space: nowrap;

  &:hover {
    background: ${theme.colors.primarySoft};
    color: ${theme.colors.primaryHover};
  }

  &[aria-current='page'] {
    color: ${theme.colors.primary};
    box-shadow: inset 0 -3px 0 ${theme.colors.primary};
  }
`

const Actions = styled.div`
  display: flex;
  flex: none;
  align-items: center;
  gap: ${theme.space[1]};

  ${theme.media.fromTablet} {
    gap: ${theme.space[2]};
  }
`

const BookButton = styled(ButtonLink)`
  display: none;
  padding-inline: ${theme.space[4]};
  font-size: ${theme.fontSizes.sm};
  white-space: nowrap;

  ${theme.media.fromTablet} {
    display: inline-flex;
  }

  /* Beside the full navigation the words are enough: room for the cart button. */
  ${theme.media.fromNav} {
    padding-inline: ${theme.space[2]};

    svg {
      display: none;
    }
  }
`

const DesktopOnly = styled.div`
  display: none;

  ${theme.media.fromNav} {
    display: flex;
  }
`

const MobileOnly = styled.div`
  display: flex;

  ${theme.media.fromNav} {
    display: none;
  }
`
