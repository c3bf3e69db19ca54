import { clinicToday, type Appointment, type AppointmentStatus } from '@hearing/contracts'
import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent } from 'react'
import styled, { createGlobalStyle } from 'styled-components'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { CardActions, CardList, CardMeta } from '@/components/ui/card-list'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FieldRow, SelectField } from '@/components/ui/form-controls'
import { SelfCheckRecord } from '@/components/ui/self-check-answers'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import {
  decideAppointment,
  rescheduleAppointment,
  revalidateStaffAppointments,
  statusText,
  statusTone,
  useClosedDates,
  useSchedule,
  useStaffTimes,
  visitTimeOf,
  type ScheduleQuery,
} from '@/lib/appointments'
import { notify } from '@/lib/notify'

import { decideWithNotice, type RequestDecision } from './appointment-decisions'
import { ClosedDayNotice } from './closed-day-visits'
import { LanguageNote } from './patient-language'
import { Muted } from './refreshable-panel'
import { theme } from '@/config/theme'

type Clinics = ReadonlyArray<{ uid: string; name: string }>

const STATUSES = Object.keys(statusText) as AppointmentStatus[]
const fullDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const dayTitle = (date: string) => fullDay.format(new Date(`${date}T00:00:00Z`))
const shiftDate = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}
const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Please try again.')

/**
 * The front desk's schedule: a day or a week of visits at one clinic or both, by time, filtered by
 * status; a visit can be moved, and marked completed or a no-show once it has started (undone that
 * day, from the toast or the visit, the keyboard staying on the visit). The day
 * sheet prints on its own (print styles below).
 */
export function ScheduleView({ clinics }: { clinics: Clinics }) {
  const id = useId()
  const [query, setQuery] = useState<ScheduleQuery>({ from: clinicToday(), days: 1 })
  const schedule = useSchedule(query)
  const closedDates = useClosedDates()
  const closuresOn = (day: string) => (closedDates.data ?? []).filter((c) => c.date === day && (!query.location_uid || c.location_uid === query.location_uid))
  const set = (change: Partial<ScheduleQuery>) => setQuery((q) => ({ ...q, ...change }))
  const clinicName = (uid: string | undefined) => clinics.find((c) => c.uid === uid)?.name
  const days = Array.from({ length: query.days }, (_, i) => shiftDate(query.from, i))
  const title = `${query.days === 1 ? dayTitle(query.from) : `Week of ${dayTitle(query.from)}`} · ${clinicName(query.location_uid) ?? 'Both clinics'}`

  return (
    <Section aria-labelledby={`${id}-title`} data-day-sheet>
      <PrintStyles />
      <h3 id={`${id}-title`}>Schedule</h3>
      <Controls data-no-print>
        <FieldRow>
          <SelectField id={`${id}-view`} label="View" value={String(query.days)} onChange={(e) => set({ days: e.target.value === '7' ? 7 : 1 })}>
            <option value="1">Day</option>
            <option value="7">Week</option>
          </SelectField>
          <Date_>
            <label htmlFor={`${id}-from`}>{query.days === 1 ? 'Day' : 'Week from'}</label>
            <input id={`${id}-from`} type="date" value={query.from} onChange={(e) => e.target.value && set({ from: e.target.value })} />
          </Date_>
        </FieldRow>
        <FieldRow>
          <SelectField id={`${id}-clinic`} label="Clinic" value={query.location_uid ?? ''} onChange={(e) => set({ location_uid: e.target.value || undefined })}>
            <option value="">Both clinics</option>
            {clinics.map((c) => (
              <option key={c.uid} value={c.uid}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField id={`${id}-status`} label="Status" value={query.status ?? ''} onChange={(e) => set({ status: (e.target.value || undefined) as AppointmentStatus | undefined })}>
            <option value="">Every status</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusText[s]}
              </option>
            ))}
          </SelectField>
        </FieldRow>
        <Buttons>
          <Button $variant="secondary" type="button" onClick={() => set({ from: shiftDate(query.from, -query.days) })}>
            {query.days === 1 ? 'Previous day' : 'Previous week'}
          </Button>
          <Button $variant="secondary" type="button" onClick={() => set({ from: clinicToday() })}>
            Today
          </Button>
          <Button $variant="secondary" type="button" onClick={() => set({ from: shiftDate(query.from, query.days) })}>
            {query.days === 1 ? 'Next day' : 'Next week'}
          </Button>
          <Button type="button" onClick={() => window.print()}>
            Print day sheet
          </Button>
        </Buttons>
      </Controls>
      <SheetTitle aria-live="polite">{title}</SheetTitle>
      {schedule.error ? (
        <Muted role="alert">Failed to load the schedule: {schedule.error.message}</Muted>
      ) : !schedule.data ? (
        <Muted role="status">Loading the schedule...</Muted>
      ) : (
        days.map((day) => {
          const visits = schedule.data!.filter((a) => a.appointment_date === day)
          const closures = closuresOn(day)
          if (query.days === 7 && visits.length === 0 && closures.length === 0) return null
          return (
            <Day key={day}>
              {query.days === 7 ? <h4>{dayTitle(day)}</h4> : null}
              {closures.map((c) => (
                <ClosedDayNotice key={c.location_uid} closure={c} />
              ))}
              {visits.length === 0 ? (
                <Muted>No visits.</Muted>
              ) : (
                <CardList aria-label={`Visits on ${dayTitle(day)}`}>
                  {visits.map((a) => (
                    <Visit
                      key={a.id}
                      appointment={a}
                      clinicClosed={closures.some((c) => c.location_uid === a.location_uid)}
                      onChanged={() => void schedule.mutate()}
                      // The service's answer goes into the schedule at once: a read started before it
                      // (still on its way) is dropped by SWR rather than shown over it.
                      onUpdated={(updated) => void schedule.mutate((list) => list?.map((v) => (v.id === updated.id ? updated : v)))}
                    />
                  ))}
                </CardList>
              )}
            </Day>
          )
        })
      )}
      {query.days === 7 && schedule.data?.length === 0 ? <Muted>No visits that week.</Muted> : null}
    </Section>
  )
}

/** What pressing an outcome (or undoing one) says, and the status it leaves. */
const OUTCOME_DONE: Record<OutcomeAction, string> = { complete: 'Marked completed', 'no-show': 'Marked a no-show', 'undo-outcome': 'Outcome undone' }
type OutcomeAction = 'complete' | 'no-show' | 'undo-outcome'

interface VisitProps {
  appointment: Appointment
  /** Its clinic is closed that day: staff move or cancel it. */
  clinicClosed: boolean
  onChanged: () => void
  onUpdated: (updated: Appointment) => void
}

function Visit({ appointment, clinicClosed, onChanged, onUpdated }: VisitProps) {
  const [moving, setMoving] = useState(false)
  const [askingToCancel, setAskingToCancel] = useState(false)
  const [busy, setBusy] = useState(false)
  // The service's answer to an outcome, shown at once (with the buttons free again) until the
  // schedule has read the visit anew: a button never shows its new action while it still waits.
  const [answer, setAnswer] = useState<Appointment | null>(null)
  useEffect(() => setAnswer(null), [appointment])
  const a = answer ?? appointment
  const itemRef = useRef<HTMLLIElement>(null)
  // After an outcome (or its undo) the visit's buttons change: the keyboard stays on this visit.
  const [refocus, setRefocus] = useState(false)
  const name = `${a.first_name} ${a.last_name}`
  const started = new Date(a.starts_at) <= new Date()
  const outcome = a.status === 'completed' || a.status === 'no_show'
  // The server allows an undo on the visit's own day only (the clinic's calendar).
  const undoable = outcome && a.appointment_date === clinicToday()

  useEffect(() => {
    if (!refocus) return
    const item = itemRef.current
    ;(item?.querySelector<HTMLButtonElement>('[data-visit-actions] button') ?? item)?.focus()
    setRefocus(false)
  }, [refocus, a.status])

  const mark = async (action: OutcomeAction) => {
    if (busy) return
    setBusy(true)
    try {
      const updated = await decideAppointment(a.id, action)
      const undo = action === 'undo-outcome' ? null : (
        <>
          {' '}
          <UndoInToast onClick={() => void mark('undo-outcome')}>
            Undo<VisuallyHidden> the outcome of {name}, {visitTimeOf(a)}</VisuallyHidden>
          </UndoInToast>
        </>
      )
      notify.success(
        OUTCOME_DONE[action],
        <>
          {name}, {visitTimeOf(a)}
          {action === 'undo-outcome' ? ': confirmed again.' : '.'}
          {undo}
        </>,
      )
      setAnswer(updated)
      setBusy(false)
      setRefocus(true)
      onUpdated(updated)
      void revalidateStaffAppointments({ except: '/scheduling/admin/schedule' })
    } catch (error) {
      notify.error('Error', reasonOf(error))
      setBusy(false)
      onChanged()
    }
  }

  const cancel = async () => {
    setBusy(true)
    try {
      const updated = await decideAppointment(a.id, 'cancel')
      notify.success('Visit cancelled', `${name}, ${visitTimeOf(a)}: the patient was e-mailed.`)
      setAnswer(updated)
      setRefocus(true)
      onUpdated(updated)
      void revalidateStaffAppointments({ except: '/scheduling/admin/schedule' })
    } catch (error) {
      notify.error('Error', reasonOf(error))
      onChanged()
    } finally {
      setBusy(false)
    }
  }

  // A request waits for a decision wherever it is shown, however long ago it was made.
  const decide = async (decision: RequestDecision) => {
    setBusy(true)
    try {
      if (await decideWithNotice(a, decision)) onChanged()
    } finally {
      setBusy(false)
    }
  }

  const who = `${name}, ${visitTimeOf(a)}`
  // Not disabled while busy: a disabled button would drop the keyboard user's focus to the page.
  const waiting = { 'aria-disabled': busy || undefined } as const
  const actions: Array<{ text: string; props: ComponentProps<typeof Button> }> =
    a.status === 'pending'
      ? [
          { text: 'Confirm', props: { ...waiting, onClick: () => void (busy || decide('confirm')), 'aria-label': `Confirm: ${who}` } },
          { text: 'Decline', props: { ...waiting, $variant: 'secondary', onClick: () => void (busy || decide('decline')), 'aria-label': `Decline: ${who}` } },
        ]
      : a.status === 'confirmed' && started
        ? [
            { text: 'Completed', props: { ...waiting, $variant: 'secondary', onClick: () => void mark('complete'), 'aria-label': `Completed: ${who}` } },
            { text: 'No-show', props: { ...waiting, $variant: 'secondary', onClick: () => void mark('no-show'), 'aria-label': `No-show: ${who}` } },
          ]
        : a.status === 'confirmed'
          ? [
              { text: 'Move', props: { $variant: 'secondary', 'aria-expanded': moving, onClick: () => setMoving(!moving), 'aria-label': `Move: ${who}` } },
              ...(clinicClosed ? [{ text: 'Cancel', props: { ...waiting, $variant: 'danger' as const, onClick: () => busy || setAskingToCancel(true), 'aria-label': `Cancel: ${who}` } }] : []),
            ]
          : undoable
            ? [{ text: 'Undo', props: { ...waiting, $variant: 'secondary', onClick: () => void mark('undo-outcome'), 'aria-label': `Undo ${statusText[a.status]}: ${who}` } }]
            : []

  return (
    <VisitItem ref={itemRef} tabIndex={-1}>
      <Time>{visitTimeOf(a)}</Time>
      <div>
        <strong>{name}</strong> · {a.appointment_type} · {a.location_name ?? a.location_uid}{' '}
        <Badge $tone={statusTone[a.status]}>{statusText[a.status]}</Badge>
        <CardMeta>
          {a.phone ? <a href={`tel:${a.phone}`}>{a.phone}</a> : 'No phone'} · {a.email}
          <LanguageNote language={a.language} />
          {a.notes ? ` · Notes: ${a.notes}` : ''}
        </CardMeta>
        {a.hearing_self_check ? <SelfCheckRecord result={a.hearing_self_check} /> : null}
        {actions.length > 0 ? (
          <CardActions data-no-print data-visit-actions>
            {/* By position, not by action: the button pressed stays the same element as the status
                changes (Completed becomes Undo, and back), so the keyboard stays where it was. */}
            {actions.map((action, i) => (
              <Button key={i} {...action.props}>
                {action.text}
              </Button>
            ))}
          </CardActions>
        ) : null}
        <ConfirmDialog
          open={askingToCancel}
          onOpenChange={setAskingToCancel}
          title={`Cancel the visit of ${who}?`}
          description={<p>{name} is e-mailed that the visit is cancelled because the clinic is closed that day.</p>}
          confirmLabel="Cancel the visit"
          keepLabel="Keep it"
          onConfirm={() => void cancel()}
        />
        {moving ? (
          <MoveForm
            appointment={a}
            onDone={(moved) => {
              setMoving(false)
              if (!moved) return
              onChanged()
              // A move off a closed day changes that day's count of visits still booked.
              void revalidateStaffAppointments({ except: '/scheduling/admin/schedule' })
            }}
          />
        ) : null}
      </div>
    </VisitItem>
  )
}

/** Another day and time for a visit, from the times its clinic can still fit it. */
function MoveForm({ appointment: a, onDone }: { appointment: Appointment; onDone: (moved: boolean) => void }) {
  const id = useId()
  const [date, setDate] = useState(a.appointment_date)
  const [time, setTime] = useState('')
  const [busy, setBusy] = useState(false)
  const times = useStaffTimes(a.location_uid, a.appointment_type_id, date)
  const name = `${a.first_name} ${a.last_name}`

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    if (!date || !time) return notify.error('Error', 'Please choose the new day and time.')
    setBusy(true)
    try {
      const moved = await rescheduleAppointment(a.id, { appointment_date: date, appointment_time: time })
      notify.success('Appointment moved', `${name}: ${moved.when}. The patient will receive an e-mail with the new time.`)
      onDone(true)
    } catch (error) {
      notify.error('Error', reasonOf(error))
      setBusy(false)
    }
  }

  return (
    <Move onSubmit={(e) => void submit(e)} aria-label={`Move the visit of ${name}`}>
      <FieldRow>
        <Date_>
          <label htmlFor={`${id}-date`}>New day</label>
          <input id={`${id}-date`} type="date" min={clinicToday()} value={date} onChange={(e) => (setDate(e.target.value), setTime(''))} />
        </Date_>
        <SelectField id={`${id}-time`} label="New time (Eastern Time)" value={time} onChange={(e) => setTime(e.target.value)}>
          <option value="">{times.error ? times.error.message : times.data ? (times.data.times.length ? 'Select a time' : 'No times left that day') : 'Loading times...'}</option>
          {times.data?.times.map((t) => (
            <option key={t.time} value={t.time} disabled={t.held_by !== null}>
              {t.held_by ? `${t.label} (taken)` : t.label}
            </option>
          ))}
        </SelectField>
      </FieldRow>
      <Buttons>
        <Button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Moving...' : 'Move the visit'}
        </Button>
        <Button $variant="secondary" type="button" onClick={() => onDone(false)}>
          Keep the time
        </Button>
      </Buttons>
    </Move>
  )
}

/** Printing shows the day sheet alone, in black on white, without the controls. */
const PrintStyles = createGlobalStyle`
  @media print {
    body * {
      visibility: hidden;
    }
    [data-day-sheet],
    [data-day-sheet] * {
      visibility: visible;
      color: #000 !important;
      background: #fff !important;
    }
    [data-day-sheet] {
      position: absolute;
      inset: 0 auto auto 0;
      width: 100%;
    }
    [data-day-sheet] [data-no-print] {
      display: none !important;
    }
    [data-day-sheet] li {
      break-inside: avoid;
    }
  }
`

const Section = styled.section`
  display: grid;
  gap: ${theme.space[4]};
  margin-bottom: ${theme.space[6]};
  padding: ${theme.space[4]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};

  h3 {
    margin: 0;
  }
`

const Controls = styled.div`
  display: grid;
  gap: ${theme.space[3]};
`

const Date_ = styled.div`
  display: grid;
  gap: ${theme.space[1]};

  label {
    font-weight: ${theme.fontWeights.semibold};
  }
  input {
    min-height: 48px;
    padding: ${theme.space[2]};
    font: inherit;
    border: 2px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
  }
`

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`

const SheetTitle = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.semibold};
`

const Day = styled.div`
  display: grid;
  gap: ${theme.space[2]};

  h4 {
    margin: 0;
  }
`

const VisitItem = styled.li`
  display: grid;
  /* On a phone the time sits above the visit; from a tablet on, in its own column. */
  grid-template-columns: minmax(0, 1fr);
  ${theme.media.fromTablet} {
    grid-template-columns: 6.5rem minmax(0, 1fr);
  }
  gap: ${theme.space[3]};
  padding: ${theme.space[3]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  overflow-wrap: anywhere;
`

const Time = styled.span`
  font-weight: ${theme.fontWeights.semibold};
  font-variant-numeric: tabular-nums;
`

const UndoInToast = styled(Button).attrs({ $variant: 'secondary' })`
  min-height: 40px;
  padding: ${theme.space[1]} ${theme.space[3]};
`

const Move = styled.form`
  display: grid;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[3]};
`
