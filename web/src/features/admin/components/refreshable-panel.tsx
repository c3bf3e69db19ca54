import type { ReactNode } from 'react'
import styled from 'styled-components'
import type { SWRResponse } from 'swr'

import { Button } from '@/components/ui/button'
import { ErrorPanel } from '@/components/ui/error-panel'
import type { ApiError } from '@/lib/api-client'
import { theme } from '@/config/theme'

interface RefreshablePanelProps<T> {
  /** The SWR answer the tab shows. */
  resource: Pick<SWRResponse<T, ApiError>, 'data' | 'error' | 'mutate' | 'isValidating'>
  /** What the tab lists, in the plural ("emails"): "Loading emails...", "Failed to load emails". */
  noun: string
  /** The line beside the Refresh button. */
  summary: (data: T) => ReactNode
  /** The list itself, once loaded. */
  children: (data: T) => ReactNode
}

/**
 * An admin tab's content as it loads: an error panel with Retry when the first load failed,
 * "Loading …" until the data arrives, then a summary line with a Refresh button above the list.
 */
export function RefreshablePanel<T>({ resource, noun, summary, children }: RefreshablePanelProps<T>) {
  const { data, error, mutate, isValidating } = resource

  if (error && !data) {
    return (
      <ErrorPanel title={`Failed to load ${noun}`} onRetry={() => void mutate()} retrying={isValidating}>
        <p>{error.message}</p>
      </ErrorPanel>
    )
  }
  if (!data) return <Muted role="status">{`Loading ${noun}...`}</Muted>

  return (
    <>
      <Toolbar>
        <Muted>{summary(data)}</Muted>
        <Button $variant="secondary" onClick={() => void mutate()} disabled={isValidating}>
          {isValidating ? 'Refreshing...' : 'Refresh'}
        </Button>
      </Toolbar>
      {children(data)}
    </>
  )
}

export const Muted = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[4]};
`
