import type { ReactNode } from 'react'
import styled from 'styled-components'

import { t } from '@/i18n/ui'

import { Button } from './button'
import { theme } from '@/config/theme'

interface ErrorPanelProps {
  title: string
  children?: ReactNode
  /** Shows a retry button when given. */
  onRetry?: () => void
  retryLabel?: string
  /** True while the retry is running: the button is disabled and says so. */
  retrying?: boolean
}

/** A failed load: what went wrong, in words, and a way to try again. Announced to screen readers. */
export function ErrorPanel({ title, children, onRetry, retryLabel = t('ui.retry'), retrying = false }: ErrorPanelProps) {
  return (
    <Panel role="alert">
      <Title>{title}</Title>
      {children ? <Body>{children}</Body> : null}
      {onRetry ? (
        <Button $variant="secondary" onClick={onRetry} disabled={retrying} aria-busy={retrying || undefined}>
          {retrying ? t('ui.retrying') : retryLabel}
        </Button>
      ) : null}
    </Panel>
  )
}

const Panel = styled.div`
  display: grid;
  justify-items: start;
  gap: ${theme.space[3]};
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.danger};
  border-left-width: 6px;
  border-radius: ${theme.radii.md};
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.text};
`

const Title = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.danger};
`

const Body = styled.div`
  margin: 0;
`
