import type { Appointment } from '@hearing/contracts'
import { useEffect, useId, useRef, useState } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { ResponsiveTable } from '@/components/ui/responsive-table'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { usePendingRequests } from '@/lib/appointments'
import { theme } from '@/config/theme'

import { decideWithNotice, type RequestDecision } from './appointment-decisions'
import { Muted } from './refreshable-panel'

const requestedFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' })

/** Where Recent Appointments' count links to. */
export const PENDING_REQUESTS_ID = 'requests-waiting'

export const waitingText = (n: number) => `${n} ${n === 1 ? 'request' : 'requests'} waiting for a decision.`

/**
 * Every request waiting for a decision, the longest waiting first, a page at a time, each with
 * Confirm and Decline: however many visits were made since, none is out of reach.
 */
export function PendingRequests() {
  const id = useId()
  const [page, setPage] = useState(1)
  const requests = usePendingRequests(page)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const tableRef = useRef<HTMLTableElement>(null)
  // After a decision the row leaves the list: focus goes to the row now in its place (or the heading).
  const [refocusRow, setRefocusRow] = useState<number | null>(null)
  const data = requests.data
  const pages = data?.pages ?? 1

  // A page emptied by decisions (the last one): show the one before.
  useEffect(() => {
    if (data && data.requests.length === 0 && data.page > 1) setPage(Math.min(data.page - 1, data.pages))
  }, [data])

  useEffect(() => {
    if (refocusRow === null || !data || requests.isValidating) return
    const rows = tableRef.current?.querySelectorAll<HTMLButtonElement>('tbody tr button:first-of-type')
    const target = rows?.[Math.min(refocusRow, (rows?.length ?? 1) - 1)]
    ;(target ?? headingRef.current)?.focus()
    setRefocusRow(null)
  }, [refocusRow, data, requests.isValidating])

  const decide = async (a: Appointment, index: number, decision: RequestDecision) => {
    if (await decideWithNotice(a, decision)) setRefocusRow(index)
  }

  return (
    <Section id={PENDING_REQUESTS_ID} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        Requests waiting for a decision
      </h3>
      {requests.error && !data ? (
        <Muted role="alert">Failed to load the requests: {requests.error.message}</Muted>
      ) : !data ? (
        <Muted role="status">Loading the requests...</Muted>
      ) : (
        <>
          <Muted role="status">
            {waitingText(data.total)}
            {data.total > 0 ? ` The longest waiting first${pages > 1 ? `; page ${data.page} of ${pages}` : ''}.` : ''}
          </Muted>
          {data.requests.length > 0 ? (
            <ResponsiveTable ref={tableRef}>
              <VisuallyHidden as="caption">Requests waiting for a decision, page {data.page} of {pages}</VisuallyHidden>
              <thead>
                <tr>
                  <th scope="col">Patient</th>
                  <th scope="col">Visit</th>
                  <th scope="col">Requested</th>
                  <th scope="col">Decision</th>
                </tr>
              </thead>
              <tbody>
                {data.requests.map((a, i) => {
                  const name = `${a.first_name} ${a.last_name}`
                  return (
                    <tr key={a.id}>
                      <td data-label="Patient">
                        <Strong>{name}</Strong>
                        <Detail>{a.phone ? <a href={`tel:${a.phone}`}>{a.phone}</a> : 'No phone'}</Detail>
                      </td>
                      <td data-label="Visit">
                        <div>
                          {a.appointment_type} · {a.location_name ?? a.location_uid}
                        </div>
                        <Detail>{a.when}</Detail>
                      </td>
                      <td data-label="Requested">{requestedFormat.format(new Date(a.created_at))}</td>
                      <td data-label="Decision">
                        <Actions>
                          <Button onClick={() => void decide(a, i, 'confirm')} aria-label={`Confirm: ${name}, ${a.when}`}>
                            Confirm
                          </Button>
                          <Button $variant="secondary" onClick={() => void decide(a, i, 'decline')} aria-label={`Decline: ${name}, ${a.when}`}>
                            Decline
                          </Button>
                        </Actions>
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </ResponsiveTable>
          ) : null}
          {/* Not disabled at the ends: a disabled button would drop the keyboard user's focus to the page. */}
          {pages > 1 ? (
            <Pager aria-label="Pages of the requests waiting">
              <Button $variant="secondary" type="button" aria-disabled={data.page <= 1 || undefined} onClick={() => data.page > 1 && setPage(data.page - 1)}>
                Older requests
              </Button>
              <Button $variant="secondary" type="button" aria-disabled={data.page >= pages || undefined} onClick={() => data.page < pages && setPage(data.page + 1)}>
                Newer requests
              </Button>
            </Pager>
          ) : null}
        </>
      )}
    </Section>
  )
}

const Section = styled.section`
  display: grid;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[6]};

  h3 {
    margin: 0;
  }
`

const Strong = styled.div`
  font-weight: ${theme.fontWeights.semibold};
  overflow-wrap: anywhere;
`

const Detail = styled.div`
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`
