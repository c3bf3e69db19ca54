import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import { Link, useLocation } from 'react-router-dom'
import styled from 'styled-components'

import type { NavGroup } from '@/content/navigation'

import { ChevronDownIcon } from './icons'
import { t } from '@/i18n/layout'
import { theme } from '@/config/theme'

/**
 * A group of header links behind a button ("Discover"), built as a disclosure (the WAI-ARIA
 * pattern for site navigation; a role="menu" is for application commands). The button says
 * whether it is expanded; the links are ordinary links in the tab order once open.
 *
 * Keyboard: Enter/Space toggles; Down arrow opens and moves to the first link; Up/Down arrows move
 * between links; Escape closes and returns focus to the button; tabbing out closes. A click
 * outside closes. Following a link closes it.
 */
export function DiscoverMenu({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(false)
  // From the group's label: stable across the server's render and the browser's, and readable in tests.
  const panelId = `menu-${group.label.replace(/[^\w-]/g, '-')}`
  const wrapperRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const { pathname, search } = useLocation()

  const current = group.links.some((link) => link.href === pathname + search || link.href === pathname)

  // A navigation (also from a link in the panel) closes the menu.
  useEffect(() => {
    setOpen(false)
  }, [pathname, search])

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const links = () => Array.from(wrapperRef.current?.querySelectorAll<HTMLAnchorElement>('[data-discover-link]') ?? [])

  const focusLink = (index: number) => {
    // The panel is hidden until React re-renders: wait a frame when opening.
    window.requestAnimationFrame(() => {
      const all = links()
      all[(index + all.length) % all.length]?.focus()
    })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault()
      event.stopPropagation()
      setOpen(false)
      buttonRef.current?.focus()
      return
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
    const all = links()
    const index = all.indexOf(document.activeElement as HTMLAnchorElement)
    if (document.activeElement === buttonRef.current) {
      event.preventDefault()
      setOpen(true)
      focusLink(event.key === 'ArrowDown' ? 0 : -1)
    } else if (index >= 0) {
      event.preventDefault()
      focusLink(index + (event.key === 'ArrowDown' ? 1 : -1))
    }
  }

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null
    if (next && !wrapperRef.current?.contains(next)) setOpen(false)
  }

  return (
    <Wrapper ref={wrapperRef} onKeyDown={onKeyDown} onBlur={onBlur}>
      <Toggle
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        $current={current}
        onClick={() => setOpen((value) => !value)}
      >
        {t(group.label as never)}
        <ChevronDownIcon size={16} />
      </Toggle>
      <Panel id={panelId} hidden={!open}>
        <ul>
          {group.links.map((link) => {
            const isCurrent = link.href === pathname + search
            return (
              <li key={link.href}>
                <PanelLink
                  to={link.href}
                  data-discover-link=""
                  aria-current={isCurrent ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  <strong>{t(link.label as never)}</strong>
                  {link.description ? <span>{t(link.description as never)}</span> : null}
                </PanelLink>
              </li>
            )
          })}
        </ul>
      </Panel>
    </Wrapper>
  )
}

const Wrapper = styled.div`
  position: relative;
`

const Toggle = styled.button<{ $current: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[1]};
  min-height: 48px;
  padding: ${theme.space[2]} 0.625rem;
  border: 0;
  border-radius: ${theme.radii.md};
  background: none;
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;
  box-shadow: ${({ theme, $current }) => ($current ? `inset 0 -3px 0 ${theme.colors.primary}` : 'none')};

  &:hover,
  &[aria-expanded='true'] {
    background: ${theme.colors.primarySoft};
    color: ${theme.colors.primaryHover};
  }

  svg {
    transition: transform ${theme.durations.fast} ease;
  }

  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
`

const Panel = styled.div`
  position: absolute;
  top: calc(100% + ${theme.space[2]});
  left: 50%;
  z-index: ${theme.zIndices.dropdown};
  width: 22rem;
  padding: ${theme.space[2]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.raised};
  transform: translateX(-50%);

  &[hidden] {
    display: none;
  }

  ul {
    display: grid;
    gap: ${theme.space[1]};
    margin: 0;
    padding: 0;
    list-style: none;
  }
`

const PanelLink = styled(Link)`
  display: grid;
  gap: 2px;
  padding: ${theme.space[3]} ${theme.space[4]};
  border-radius: ${theme.radii.md};
  color: ${theme.colors.text};
  text-decoration: none;

  strong {
    color: ${theme.colors.primary};
    font-weight: ${theme.fontWeights.semibold};
  }

  span {
    font-size: ${theme.fontSizes.sm};
    line-height: ${theme.lineHeights.snug};
    color: ${theme.colors.textMuted};
  }

  &:hover,
  &[aria-current='page'] {
    background: ${theme.colors.primarySoft};
  }

  &:hover strong {
    color: ${theme.colors.primaryHover};
    text-decoration: underline;
  }
`
