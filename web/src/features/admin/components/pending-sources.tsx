import type { PendingSource, SourceKind } from '@hearing/contracts'
import { useId, useState } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { CardActions, CardItem, CardList, CardMeta, CardRow } from '@/components/ui/card-list'
import { releaseSource, usePendingSources } from '@/lib/appointments'
import { notify } from '@/lib/notify'

import { Muted, RefreshablePanel } from './refreshable-panel'
import { theme } from '@/config/theme'

const kindLabel: Record<SourceKind, string> = { address: 'Address', email: 'E-mail', phone: 'Phone' }
const requestsText = (n: number) => `${n} ${n === 1 ? 'request' : 'requests'}`

/**
 * Requests waiting for a decision, grouped by where they came from (the visitor's address, e-mail or
 * phone), the largest group first: a flood of requests from one source is released in one step.
 * Closed until staff open it (a disclosure button), so the tab's own list stays first.
 */
export function PendingSources({ onReleased }: { onReleased: () => void }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const sources = usePendingSources(open)
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Pending Requests by Source</h3>
      <Muted>Addresses, e-mails and phones with two or more requests waiting. Releasing declines them without an e-mail and frees their times.</Muted>
      <Disclosure>
        <Button $variant="secondary" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide requests by source' : 'Show requests by source'}
        </Button>
      </Disclosure>
      <div id={`${id}-panel`} hidden={!open}>
        {open && (
          <RefreshablePanel resource={sources} noun="pending requests by source" summary={(list) => `${list.length} ${list.length === 1 ? 'source' : 'sources'} with more than one request.`}>
            {(list) =>
              list.length === 0 ? (
                <Muted>No source has more than one request waiting.</Muted>
              ) : (
                <CardList>
                  {list.map((source) => (
                    <SourceItem
                      key={`${source.kind}:${source.value}`}
                      source={source}
                      onReleased={() => {
                        void sources.mutate()
                        onReleased()
                      }}
                    />
                  ))}
                </CardList>
              )
            }
          </RefreshablePanel>
        )}
      </div>
    </section>
  )
}

const Disclosure = styled.div`
  margin: ${theme.space[3]} 0;
`

function SourceItem({ source, onReleased }: { source: PendingSource; onReleased: () => void }) {
  const [busy, setBusy] = useState(false)
  const release = async () => {
    setBusy(true)
    try {
      const { released } = await releaseSource({ kind: source.kind, value: source.value })
      notify.success('Requests released', `${requestsText(released)} from ${kindLabel[source.kind].toLowerCase()} ${source.value} released.`)
      onReleased()
    } catch (error) {
      notify.error('Error', error instanceof Error && error.message ? error.message : 'Please try again.')
    } finally {
      setBusy(false)
    }
  }
  return (
    <CardItem>
      <CardRow>
        <h4>
          {kindLabel[source.kind]}: {source.value}
        </h4>
        <span>{requestsText(source.count)} waiting</span>
      </CardRow>
      <ul>
        {source.requests.map((r) => (
          <li key={r.id}>
            <CardMeta>
              {r.name} · {r.appointment_type} · {r.location_name ?? 'Unknown clinic'} · {r.when}
            </CardMeta>
          </li>
        ))}
      </ul>
      <CardActions>
        <Button $variant="secondary" onClick={() => void release()} disabled={busy}>
          {busy ? 'Releasing...' : `Release ${requestsText(source.count)}`}
        </Button>
      </CardActions>
    </CardItem>
  )
}
