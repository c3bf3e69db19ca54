import { clinicToday } from '@hearing/contracts'
import { useId } from 'react'
import styled from 'styled-components'
import { z } from 'zod/mini'

import { Button } from '@/components/ui/button'
import { FieldRow, InputField, SelectField } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { CardList, CardRowItem } from '@/components/ui/card-list'
import { closeDay, reopenDay, useClosedDates, visitTimeOf } from '@/lib/appointments'
import { notify } from '@/lib/notify'

import { CancelClosedDayVisits, dayLabel } from './closed-day-visits'
import { Muted } from './refreshable-panel'
import { theme } from '@/config/theme'

/** The day to close; the reason is sent only when given. */
const closeDaySchema = z.pipe(
  z.object({ location: z.string(), date: z.string(), reason: z.string() }),
  z.transform((v) => ({ location: v.location, date: v.date, reason: v.reason.trim() })),
)

const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Please try again.')

/** Days a clinic is closed (a holiday, a sick day): patients are offered no times on them. */
export function ClosedDays({ clinics }: { clinics: ReadonlyArray<{ uid: string; name: string }> }) {
  const id = useId()
  const closed = useClosedDates()
  const form = useZodForm(closeDaySchema, { location: '', date: '', reason: '' })
  const location = form.watch('location') || clinics[0]?.uid || ''

  const onSubmit = form.handleSubmit(async ({ date, reason }) => {
    if (!location || !date) return notify.error('Error', 'Please choose a location and a date.')
    try {
      const result = await closeDay({ location_uid: location, date, ...(reason ? { reason } : {}) })
      const booked = result.visits.map((v) => `${v.first_name} ${v.last_name} (${visitTimeOf(v)})`)
      notify.success(
        'Day closed',
        `${result.location_name ?? 'The clinic'} is closed on ${dayLabel(result.date)}.${booked.length > 0 ? ` Still booked that day, with no reminders: ${booked.join(', ')}. Move or cancel them on the schedule or below.` : ''}`,
      )
      form.reset({ location, date: '', reason: '' })
      void closed.mutate()
    } catch (error) {
      notify.error('Error', reasonOf(error))
    }
  })

  const reopen = async (locationUid: string, date: string) => {
    try {
      await reopenDay(locationUid, date)
      void closed.mutate()
    } catch (error) {
      notify.error('Error', reasonOf(error))
    }
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Closed Days</h3>
      <Form onSubmit={onSubmit} aria-label="Close a clinic for a day" noValidate>
        <FieldRow>
          <SelectField {...form.field('location')} value={location} label="Location" required>
            {clinics.map((c) => (
              <option key={c.uid} value={c.uid}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <InputField {...form.field('date')} label="Date" type="date" min={clinicToday()} required />
        </FieldRow>
        <InputField {...form.field('reason')} label="Reason (optional)" maxLength={200} />
        <div>
          <Button type="submit" $variant="secondary" disabled={form.formState.isSubmitting}>
            Close this day
          </Button>
        </div>
      </Form>
      {closed.error && !closed.data ? (
        <p role="alert">Failed to load closed days.</p>
      ) : !closed.data ? (
        <Muted role="status">Loading closed days...</Muted>
      ) : closed.data.length === 0 ? (
        <Muted>No closed days ahead.</Muted>
      ) : (
        <CardList $gap={2}>
          {closed.data.map((d) => (
            <CardRowItem key={`${d.location_uid}-${d.date}`}>
              <span>
                <strong>{dayLabel(d.date)}</strong> · {d.location_name ?? d.location_uid}
                {d.reason ? ` · ${d.reason}` : ''}
                {d.visits_booked > 0 ? ` · ${d.visits_booked === 1 ? '1 visit' : `${d.visits_booked} visits`} still booked` : ''}
              </span>
              <RowActions>
                <CancelClosedDayVisits closure={d} />
                <Button $variant="secondary" onClick={() => void reopen(d.location_uid, d.date)} aria-label={`Open again: ${d.location_name ?? ''} ${dayLabel(d.date)}`}>
                  Open again
                </Button>
              </RowActions>
            </CardRowItem>
          ))}
        </CardList>
      )}
    </section>
  )
}

const Form = styled.form`
  display: grid;
  gap: ${theme.space[4]};
  margin-bottom: ${theme.space[4]};
`

const RowActions = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`
