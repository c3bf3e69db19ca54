import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router-dom'
import styled from 'styled-components'

import { withSpanish } from '@/i18n/i18n'

import { MenuIcon } from './icons'
import { theme } from '@/config/theme'

// The panel and its dialog library load on first use (or when the pointer or focus reaches the
// button), not with every page: most visits never open the menu.
const loadPanel = () => withSpanish(import('./mobile-menu-panel'))
const MobileMenuPanel = lazy(loadPanel)

interface MobileMenuProps {
  /** The account entries (signed out: Sign In; signed in: profile, admin, sign out), laid out as a list. */
  renderAccount?: (close: () => void) => ReactNode
}

/**
 * The header's navigation on screens too narrow for the full bar: a "Menu" button opening a modal
 * panel (mobile-menu-panel.tsx). Any navigation closes it.
 */
export function MobileMenu({ renderAccount }: MobileMenuProps) {
  const [open, setOpen] = useState(false)
  // Once opened, the panel stays mounted (closed) so it can animate and open again at once.
  const [used, setUsed] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const { pathname, search } = useLocation()

  useEffect(() => {
    setOpen(false)
  }, [pathname, search])

  const prefetch = () => void loadPanel()

  return (
    <>
      <Trigger
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
      >
        <MenuIcon size={24} />
        Menu
      </Trigger>
      {used ? (
        <Suspense fallback={null}>
          <MobileMenuPanel open={open} onOpenChange={setOpen} returnFocusTo={button} renderAccount={renderAccount} />
        </Suspense>
      ) : null}
    </>
  )
}

const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 48px;
  padding: ${theme.space[2]} ${theme.space[2]};
  border: 2px solid ${theme.colors.primary};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  color: ${theme.colors.primary};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;

  &:hover {
    background: ${theme.colors.primarySoft};
  }
`

