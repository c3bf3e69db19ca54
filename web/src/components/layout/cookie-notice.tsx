import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import {
  onCookieNoticeReopen,
  readCookieConsent,
  storeCookieConsent,
  type CookieConsent,
} from '@/lib/cookie-consent'

import { CloseIcon } from './icons'
import { MAIN_CONTENT_ID } from './layout'
import { t } from '@/i18n/layout'

/** SPEC §9: the notice appears this long after the page loads when no choice is stored. */
export const COOKIE_NOTICE_DELAY_MS = 2000

/**
 * The cookie notice (SPEC §2, §4): hidden at first; 2 seconds after the page loads it appears if
 * the visitor has made no choice yet. Accept and Decline store "accepted" / "declined" and hide it;
 * the close button hides it without storing anything, so it comes back on the next visit. The
 * footer's "Cookie Preferences" shows it again at any time.
 *
 * It is a labelled region at the bottom of the window, not a modal: appearing on its own, it does
 * not take focus away from what the visitor is doing. Opened on request, it receives focus, and
 * gives it back when it closes. While it is shown, the page keeps focused elements clear of it.
 */
export function CookieNotice() {
  const [visible, setVisible] = useState(false)
  const regionRef = useRef<HTMLElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  /** Where focus was when the visitor asked for the notice; it goes back there on close. */
  const returnFocusRef = useRef<HTMLElement | null>(null)
  const headingId = useId()

  useEffect(() => {
    if (readCookieConsent() !== null) return
    const timer = window.setTimeout(() => setVisible(true), COOKIE_NOTICE_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [])

  useEffect(
    () =>
      onCookieNoticeReopen(() => {
        returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
        setVisible(true)
        window.requestAnimationFrame(() => headingRef.current?.focus())
      }),
    [],
  )

  // Keep keyboard focus, scrolled-to anchors and toasts from hiding behind the notice.
  useLayoutEffect(() => {
    const region = regionRef.current
    if (!visible || !region) return
    const root = document.documentElement
    const update = () => {
      root.style.setProperty('scroll-padding-bottom', `${region.offsetHeight + 16}px`)
      root.style.setProperty('--cookie-notice-height', `${region.offsetHeight + 16}px`)
    }
    update()
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update)
    observer?.observe(region)
    return () => {
      observer?.disconnect()
      root.style.removeProperty('scroll-padding-bottom')
      root.style.removeProperty('--cookie-notice-height')
    }
  }, [visible])

  const hide = () => {
    const hadFocus = regionRef.current?.contains(document.activeElement) ?? false
    setVisible(false)
    if (!hadFocus) return
    // Focus was on a button that is about to disappear: put it somewhere sensible.
    const target = returnFocusRef.current?.isConnected ? returnFocusRef.current : document.getElementById(MAIN_CONTENT_ID)
    returnFocusRef.current = null
    target?.focus({ preventScroll: true })
  }

  const choose = (choice: CookieConsent) => {
    storeCookieConsent(choice)
    hide()
  }

  if (!visible) return null

  return (
    <Notice ref={regionRef} aria-labelledby={headingId} data-testid="cookie-notice">
      <Body>
        <Heading id={headingId} ref={headingRef} tabIndex={-1}>
          {t('cookies.heading')}
        </Heading>
        <Text>
          {t('cookies.text')} <Link to={`${paths.privacyPolicy.getHref()}#cookies`}>{t('cookies.policyLink')}</Link>.
        </Text>
      </Body>
      <Choices>
        <Button onClick={() => choose('accepted')}>{t('cookies.accept')}</Button>
        <Button $variant="secondary" onClick={() => choose('declined')}>
          {t('cookies.decline')}
        </Button>
      </Choices>
      <CloseButton type="button" aria-label={t('cookies.close')} onClick={hide}>
        <CloseIcon size={22} />
      </CloseButton>
    </Notice>
  )
}

const Notice = styled.section`
  position: fixed;
  right: ${({ theme }) => theme.space[3]};
  bottom: ${({ theme }) => theme.space[3]};
  left: ${({ theme }) => theme.space[3]};
  z-index: ${({ theme }) => theme.zIndices.notice};
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  max-width: 60rem;
  max-height: calc(100dvh - 6rem);
  margin-inline: auto;
  padding: ${({ theme }) => `${theme.space[5]} ${theme.space[5]} ${theme.space[5]}`};
  padding-right: calc(48px + ${({ theme }) => theme.space[4]});
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-top: 4px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  box-shadow: ${({ theme }) => theme.shadows.raised};

  ${({ theme }) => theme.media.fromDesktop} {
    grid-template-columns: 1fr auto;
    align-items: center;
    gap: ${({ theme }) => theme.space[6]};
  }
`

const Body = styled.div`
  min-width: 0;
`

const Heading = styled.h2`
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes.lg};

  ${({ theme }) => theme.media.fromDesktop} {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`

const Text = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  line-height: ${({ theme }) => theme.lineHeights.body};
`

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};

  > button {
    flex: 1 1 8rem;
  }

  ${({ theme }) => theme.media.fromDesktop} {
    flex-wrap: nowrap;
  }
`

const CloseButton = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space[2]};
  right: ${({ theme }) => theme.space[2]};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: none;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surface};
  }
`
