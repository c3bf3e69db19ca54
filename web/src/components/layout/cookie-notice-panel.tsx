import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { storeCookieConsent, type CookieConsent } from '@/lib/cookie-consent'

import { CloseIcon } from './icons'
import { MAIN_CONTENT_ID } from './layout'
import { t } from '@/i18n/layout'
import { theme } from '@/config/theme'

interface CookieNoticePanelProps {
  /** Counts the visitor's requests to see the notice: each one moves focus to its heading. */
  focusRequest: number
  /** Where focus was when the visitor asked for the notice; it goes back there on close. */
  returnFocusRef: RefObject<HTMLElement | null>
  onClose: () => void
}

/** The notice itself (cookie-notice.tsx decides when it shows), loaded when it first shows. */
export function CookieNoticePanel({ focusRequest, returnFocusRef, onClose }: CookieNoticePanelProps) {
  const regionRef = useRef<HTMLElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // One notice per page; a fixed id cannot repeat one the server counted (discover-menu.tsx).
  const headingId = 'cookie-notice-heading'

  useEffect(() => {
    if (focusRequest > 0) headingRef.current?.focus()
  }, [focusRequest])

  // Keep keyboard focus, scrolled-to anchors and toasts from hiding behind the notice. Its height goes
  // on the toasts' own element, not on <html>: an inherited custom property changed on <html> makes
  // the browser recalculate the style of every element on the page. Measured when the observer
  // reports the notice laid out, rather than forcing a layout as it mounts.
  useLayoutEffect(() => {
    const region = regionRef.current
    if (!region) return
    const root = document.documentElement
    const toasts = document.querySelector<HTMLElement>('[data-toasts]')
    const update = () => {
      const clearance = `${region.offsetHeight + 16}px`
      root.style.setProperty('scroll-padding-bottom', clearance)
      toasts?.style.setProperty('--cookie-notice-height', clearance)
    }
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update)
    if (observer) observer.observe(region)
    else update()
    return () => {
      observer?.disconnect()
      root.style.removeProperty('scroll-padding-bottom')
      toasts?.style.removeProperty('--cookie-notice-height')
    }
  }, [])

  const hide = () => {
    const hadFocus = regionRef.current?.contains(document.activeElement) ?? false
    onClose()
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

  return (
    <Notice ref={regionRef} aria-labelledby={headingId} data-testid="cookie-notice">
      <Body>
        <Heading id={headingId} ref={headingRef} tabIndex={-1}>
          {t('cookies.heading')}
        </Heading>
        {/* Two short paragraphs rather than one long one: on a phone one block of this size would be
            larger than the page's own opening text, and count as the page's largest paint (LCP). */}
        <Text>{t('cookies.purpose')}</Text>
        <Text>
          {t('cookies.choice')} <Link to={`${paths.privacyPolicy.getHref()}#cookies`}>{t('cookies.policyLink')}</Link>.
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
  right: ${theme.space[3]};
  bottom: ${theme.space[3]};
  left: ${theme.space[3]};
  z-index: ${theme.zIndices.notice};
  display: grid;
  gap: ${theme.space[4]};
  max-width: 60rem;
  max-height: calc(100dvh - 6rem);
  margin-inline: auto;
  padding: ${theme.space[5]} ${theme.space[5]} ${theme.space[5]};
  padding-right: calc(48px + ${theme.space[4]});
  overflow-y: auto;
  border: 1px solid ${theme.colors.borderStrong};
  border-top: 4px solid ${theme.colors.primary};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.raised};

  ${theme.media.fromDesktop} {
    grid-template-columns: 1fr auto;
    align-items: center;
    gap: ${theme.space[6]};
  }
`

const Body = styled.div`
  min-width: 0;
`

const Heading = styled.h2`
  margin-bottom: ${theme.space[2]};
  font-size: ${theme.fontSizes.lg};

  ${theme.media.fromDesktop} {
    font-size: ${theme.fontSizes.lg};
  }
`

const Text = styled.p`
  margin: 0;

  & + & {
    margin-top: ${theme.space[2]};
  }

  font-size: ${theme.fontSizes.sm};
  line-height: ${theme.lineHeights.body};
`

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};

  > button {
    flex: 1 1 8rem;
  }

  ${theme.media.fromDesktop} {
    flex-wrap: nowrap;
  }
`

const CloseButton = styled.button`
  position: absolute;
  top: ${theme.space[2]};
  right: ${theme.space[2]};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border: 0;
  border-radius: ${theme.radii.md};
  background: none;
  color: ${theme.colors.text};
  cursor: pointer;

  &:hover {
    background: ${theme.colors.surface};
  }
`
