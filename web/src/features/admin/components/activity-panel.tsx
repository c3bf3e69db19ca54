import { AUDIT_ACTIONS, SYSTEM_ACTOR_ROLE, type ActivityEntry, type ActivityQuery, type AuditAction } from '@hearing/contracts'
import { useState, type FormEvent } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { CardItem, CardList, CardRow } from '@/components/ui/card-list'
import { Field, Input, Label, Select } from '@/components/ui/form-controls'
import { saveCsv } from '@/lib/download'
import { notify } from '@/lib/notify'

import { exportActivity, useActivity } from '../api/activity'

import { DayRangeFields, FilterButtons, FilterForm, submittedFilters } from './filter-form'
import { Muted, RefreshablePanel } from './refreshable-panel'
import { theme } from '@/config/theme'

type Filters = Omit<ActivityQuery, 'page'>

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' })
const actionLabel = (action: string) => AUDIT_ACTIONS[action as AuditAction] ?? action
const who = (person: ActivityEntry['actor']) => (person ? (person.name ?? person.email ?? person.id) : 'Unknown')
/** The person who acted, or the system itself for its scheduled jobs (the retention purge). */
const actedBy = (entry: ActivityEntry) =>
  !entry.actor && entry.actor_role === SYSTEM_ACTOR_ROLE ? 'the system (scheduled job)' : `${who(entry.actor)}${entry.actor_role ? ` (${entry.actor_role})` : ''}`

/**
 * The Activity tab (admins only; the server answers 403 to anyone else): who on the staff read or
 * changed which patient's data, when, from where, and with what outcome. Filters apply when
 * submitted; the CSV export takes the same filters and is itself recorded.
 */
export function ActivityPanel() {
  const [filters, setFilters] = useState<Filters>({})
  const [page, setPage] = useState(1)
  const activity = useActivity({ ...filters, page })

  const apply = (event: FormEvent<HTMLFormElement>) => {
    const text = submittedFilters(event)
    setFilters({ patient: text('patient'), actor: text('actor'), action: text('action') as AuditAction | undefined, from: text('from'), to: text('to') })
    setPage(1)
  }

  const download = async () => {
    try {
      saveCsv(await exportActivity(filters), 'activity')
    } catch (error) {
      notify.error('Error', error instanceof Error ? error.message : 'Failed to export the activity')
    }
  }

  return (
    <>
      <FilterForm onSubmit={apply} aria-label="Filter activity">
        <Field>
          <Label htmlFor="activity-patient">Patient</Label>
          <Input id="activity-patient" name="patient" placeholder="Name or e-mail" maxLength={200} />
        </Field>
        <Field>
          <Label htmlFor="activity-actor">Staff member</Label>
          <Input id="activity-actor" name="actor" placeholder="Name or e-mail" maxLength={200} />
        </Field>
        <Field>
          <Label htmlFor="activity-action">Action</Label>
          <Select id="activity-action" name="action" defaultValue="">
            <option value="">Any action</option>
            {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <DayRangeFields idPrefix="activity" />
        <FilterButtons exportCsv={download} />
      </FilterForm>
      <RefreshablePanel
        resource={activity}
        noun="activity"
        summary={(data) => `${data.total} record${data.total === 1 ? '' : 's'}, newest first.`}
      >
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / data.page_size))
          return data.entries.length === 0 ? (
            <Muted>No activity matches these filters.</Muted>
          ) : (
            <>
              <CardList $gap={3} aria-label="Activity records">
                {data.entries.map((entry) => (
                  <Entry key={entry.seq} entry={entry} />
                ))}
              </CardList>
              <Pager aria-label="Activity pages">
                <Button $variant="secondary" onClick={() => setPage(data.page - 1)} disabled={data.page <= 1}>
                  Previous page
                </Button>
                <span aria-live="polite">
                  Page {data.page} of {pages}
                </span>
                <Button $variant="secondary" onClick={() => setPage(data.page + 1)} disabled={data.page >= pages}>
                  Next page
                </Button>
              </Pager>
            </>
          )
        }}
      </RefreshablePanel>
    </>
  )
}

function Entry({ entry }: { entry: ActivityEntry }) {
  const refused = entry.outcome !== null && entry.outcome >= 400
  return (
    <CardItem data-testid="activity-entry">
      <CardRow>
        <strong>{actionLabel(entry.action)}</strong>
        <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>
      </CardRow>
      <p>
        By {actedBy(entry)}
        {entry.patient ? ` · Patient: ${who(entry.patient)}` : ''}
        {refused ? ` · Refused (${entry.outcome})` : ''}
      </p>
      <Muted>
        {[entry.record_kind && entry.record_id ? `${entry.record_kind} ${entry.record_id}` : entry.record_kind, entry.address && `from ${entry.address}`, entry.outcome !== null && `outcome ${entry.outcome}`, entry.detail]
          .filter(Boolean)
          .join(' · ')}
      </Muted>
      {entry.user_agent ? <Small>{entry.user_agent}</Small> : null}
    </CardItem>
  )
}

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[4]};
`

const Small = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`
