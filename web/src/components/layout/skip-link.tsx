import type { MouseEvent } from 'react'
import styled from 'styled-components'
import { t } from '@/i18n/layout'
import { theme } from '@/config/theme'

interface SkipLinkProps {
  /** id of the element to jump to. */
  targetId: string
}

/**
 * First tab stop of every page. Moves focus (not just the scroll position) to the main content,
 * without touching the URL, so the router does not treat it as a navigation.
 */
export function SkipLink({ targetId }: SkipLinkProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId)
    if (!target) return
    event.preventDefault()
    target.focus()
    target.scrollIntoView()
  }
  return (
    <Anchor href={`#${targetId}`} onClick={onClick}>
      {t('skipLink')}
    </Anchor>
  )
}

const Anchor = styled.a`
  position: absolute;
  top: ${theme.space[2]};
  left: ${theme.space[2]};
  z-index: ${theme.zIndices.skipLink};
  padding: ${theme.space[3]} ${theme.space[4]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.primary};
  color: ${theme.colors.onPrimary};
  font-weight: ${theme.fontWeights.semibold};
  text-decoration: none;
  transform: translateY(-200%);

  &:focus,
  &:focus-visible {
    transform: none;
    color: ${theme.colors.onPrimary};
  }
`
