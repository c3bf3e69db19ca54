import type { ReactNode } from 'react'
import styled from 'styled-components'

import { SkipLink } from './skip-link'
import { theme } from '@/config/theme'

export const MAIN_CONTENT_ID = 'main'

interface LayoutProps {
  /** Site header (the site header issue fills this). */
  header?: ReactNode
  /** Site footer (idem). */
  footer?: ReactNode
  /** Things that live outside the landmarks: cart drawer, cookie notice, … */
  overlays?: ReactNode
  children: ReactNode
}

/**
 * The page frame: skip link, header, the one <main> landmark, footer. <main> can take focus
 * (tabIndex -1) so the skip link and route changes can move focus to it.
 */
export function Layout({ header, footer, overlays, children }: LayoutProps) {
  return (
    <Shell>
      <SkipLink targetId={MAIN_CONTENT_ID} />
      {header}
      <Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        {children}
      </Main>
      {footer}
      {overlays}
    </Shell>
  )
}

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  min-height: 100dvh;
`

const Main = styled.main`
  flex: 1 0 auto;
  scroll-margin-top: ${theme.space[4]};
`
