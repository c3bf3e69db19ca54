import { CLINIC_TIME_ZONE, clinicToday, DEFAULT_PATIENT_LANGUAGE, PATIENT_LANGUAGE_NAMES, PATIENT_LANGUAGES, type AdminAppointment, type StaffTime, type SyncState } from '@hearing/contracts'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import styled from 'styled-components'
import { z } from 'zod/mini'

import { Badge, type BadgeTone } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Field, FieldRow, Fieldset, Hint, InputField, Label, Legend, SelectField, TextArea } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { CardActions, CardError, CardItem, CardList, CardMeta, CardRow, WrittenText } from '@/components/ui/card-list'
import { SelfCheckRecord } from '@/components/ui/self-check-answers'
import {
  firstSyncOf,
  scheduleAppointment,
  statusText,
  statusTone,
  useAdminAppointments,
  useAdminAppointmentsByIds,
  useAppointmentTypes,
  usePendingRequests,
  useStaffTimes,
} from '@/lib/appointments'
import { ApiError } from '@/lib/api-client'
import { notify } from '@/lib/notify'

import { createPatient, useUsers } from '../api/users'

import { decideWithNotice, type RequestDecision } from './appointment-decisions'
import { ClosedDays } from './closed-days'
import { useLinkedItem } from './linked-item'
import { LanguageNote } from './patient-language'
import { PENDING_REQUESTS_ID, PendingRequests, waitingText } from './pending-requests'
import { PendingSources } from './pending-sources'
import { ScheduleView } from './schedule-view'
import { Muted, RefreshablePanel } from './refreshable-panel'
import { theme } from '@/config/theme'

type Clinics = ReadonlyArray<{ uid: string; name: string }>

/**
 * The Appointments tab (SPEC §2): the scheduling form, "Recent Appointments", the requests waiting
 * grouped by source, then the days a clinic is closed.
 */
export function AppointmentsPanel({ clinics }: { clinics?: Clinics | undefined }) {
  const appointments = useAdminAppointments()
  return (
    <>
      <OpenedAppointment recent={appointments.data} />
      <ScheduleView clinics={clinics ?? []} />
      <PendingRequests />
      <ScheduleForm clinics={clinics ?? []} onScheduled={() => void appointments.mutate()} />
      <h3>Recent Appointments</h3>
      <AppointmentList resource={appointments} />
      <PendingSources onReleased={() => void appointments.mutate()} />
      <ClosedDays clinics={clinics ?? []} />
    </>
  )
}

/**
 * The appointment another tab linked to (?appointment=<id>, the Inbox's "Open the appointment")
 * when Recent Appointments does not list it (made before its newest): read by id, with its actions.
 */
function OpenedAppointment({ recent }: { recent: AdminAppointment[] | undefined }) {
  const [params] = useSearchParams()
  const id = params.get('appointment')
  const inRecent = !recent || recent.some((a) => a.id === id)
  const opened = useAdminAppointmentsByIds(id && !inRecent ? [id] : [])
  if (!id || inRecent) return null
  const appointment = opened.data?.[0]
  return (
    <Opened aria-labelledby="opened-appointment-title">
      <h3 id="opened-appointment-title">The appointment you opened</h3>
      {opened.error ? (
        <Muted role="alert">Failed to load the appointment: {opened.error.message}</Muted>
      ) : !opened.data ? (
        <Muted role="status">Loading the appointment...</Muted>
      ) : !appointment ? (
        <Muted role="alert">This appointment no longer exists.</Muted>
      ) : (
        <CardList>
          <AppointmentItem appointment={appointment} onChanged={() => void opened.mutate()} />
        </CardList>
      )}
    </Opened>
  )
}

// ---------------------------------------------------------------------------------------------
// Scheduling form (SPEC §4 "Admin scheduling", §5, §8)
// ---------------------------------------------------------------------------------------------

/**
 * The scheduling form's fields. The spec's checks (required fields per patient mode, no date in the
 * past) are its toasts, made on submit; what is sent is built there, as it depends on the mode.
 */
const scheduleSchema = z.object({
  mode: z.enum(['existing', 'new']),
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  password: z.string(),
  language: z.enum(PATIENT_LANGUAGES),
  location: z.string(),
  typeId: z.string(),
  date: z.string(),
  time: z.string(),
  notes: z.string(),
})
const emptyForm: z.infer<typeof scheduleSchema> = { mode: 'existing', userId: '', firstName: '', lastName: '', phone: '', email: '', password: '', language: DEFAULT_PATIENT_LANGUAGE, location: '', typeId: '', date: '', time: '', notes: '' }

const reasonOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback)

/** "Wed, Nov 25, 2026" for a clinic date, read as a calendar date in any zone. */
const dayLabel = (date: string) => new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: CLINIC_TIME_ZONE })

/** An option of the time list: a held time says by what, and cannot be chosen. */
function timeOptionText(t: StaffTime): string {
  if (!t.held_by) return t.label
  return t.held_by.status === 'confirmed' ? `${t.label} (booked)` : `${t.label} (held by a request of ${shortDate.format(new Date(t.held_by.requested_at))})`
}

function timesPlaceholder(times: ReturnType<typeof useStaffTimes>, ready: boolean): string {
  if (!ready) return 'Choose the type and date first'
  if (times.error) return times.error.message || 'Failed to load times'
  if (!times.data) return 'Loading times...'
  return times.data.times.length === 0 ? 'No times left that day' : 'Select a time'
}

function ScheduleForm({ clinics, onScheduled }: { clinics: Clinics; onScheduled: () => void }) {
  const id = useId()
  const form = useZodForm(scheduleSchema, emptyForm)
  const values = form.watch()
  const busy = form.formState.isSubmitting
  const users = useUsers(true)
  const location = values.location || clinics[0]?.uid || ''
  const types = useAppointmentTypes(location)
  const times = useStaffTimes(location, values.typeId, values.date)
  const submitRef = useRef<HTMLButtonElement>(null)
  // SPEC §5: the patient list shows only users whose role is customer.
  const patients = (users.data ?? []).filter((u) => u.role === 'customer')

  // Another clinic has other appointment types.
  useEffect(() => {
    const watching = form.watch((_, { name }) => {
      if (name === 'location') form.setValue('typeId', '')
      // Another type or day has other times.
      if (name === 'location' || name === 'typeId' || name === 'date') form.setValue('time', '')
    })
    return () => watching.unsubscribe()
  }, [form])

  const submit = form.handleSubmit(async (values) => {
    const type = types.data?.find((t) => t.id === values.typeId)
    if (!type || !values.date || !values.time) return notify.error('Error', 'Please fill in all required fields')
    if (values.mode === 'existing' && !values.userId) return notify.error('Error', 'Please select a user')
    if (values.mode === 'new' && (!values.firstName.trim() || !values.lastName.trim() || !values.email.trim())) {
      return notify.error('Error', 'Please fill in all new user fields')
    }
    if (values.date < clinicToday()) return notify.error('Error', 'The appointment date cannot be in the past.')

    let patient = patients.find((u) => u.id === values.userId)
    if (values.mode === 'new') {
      try {
        patient = await createPatient({
          first_name: values.firstName.trim(),
          last_name: values.lastName.trim(),
          email: values.email.trim(),
          ...(values.phone.trim() ? { phone: values.phone.trim() } : {}),
          ...(values.password ? { password: values.password } : {}),
          language: values.language,
        })
        notify.success('User Created', 'New user account created successfully')
        void users.mutate()
      } catch (error) {
        notify.error('Error', error instanceof ApiError && error.message ? `Failed to create user: ${error.message}` : 'Failed to create user account')
        return
      }
    }
    if (!patient) return notify.error('Error', 'Please select a user')
    let created: AdminAppointment
    try {
      created = await scheduleAppointment({
        user_id: patient.id,
        user_info: { first_name: patient.first_name ?? '', last_name: patient.last_name ?? '', email: patient.email, ...(patient.phone ? { phone: patient.phone } : {}) },
        location,
        appointment_type_id: type.id,
        appointment_date: values.date,
        appointment_time: values.time,
        ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
        // The confirmation e-mail goes out in the patient's own language.
        language: patient.language,
      })
    } catch (error) {
      const reason = reasonOf(error, 'Failed to schedule appointment')
      notify.error('Error', values.mode === 'new' ? `Failed to create appointment: ${reason}` : reason)
      return
    }
    const label = times.data?.times.find((t) => t.time === values.time)?.label ?? values.time
    form.reset({ ...emptyForm, location })
    onScheduled()
    void times.mutate()
    // The form stays where it was: focus back on its button, ready for the next one.
    submitRef.current?.focus()
    // The toast says how the provider's first attempt went, as soon as scheduling knows (the form is free meanwhile).
    void firstSyncOf(created)
      .catch(() => null)
      .then((sync) => {
        notify.success('Appointment Scheduled', `${type.name} on ${dayLabel(values.date)} at ${label}${syncSuffix(sync)}`)
        onScheduled()
      })
  })
  const timesReady = Boolean(values.typeId && values.date)

  return (
    <Form onSubmit={(e) => (busy ? e.preventDefault() : void submit(e))} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>Schedule an Appointment</h3>
      <Fieldset>
        <Legend>Patient</Legend>
        <Choices>
          {(['existing', 'new'] as const).map((mode) => (
            <Choice key={mode}>
              <input type="radio" {...form.register('mode')} value={mode} />
              {mode === 'existing' ? 'Existing patient' : 'New patient'}
            </Choice>
          ))}
        </Choices>
        {values.mode === 'existing' ? (
          <SelectField {...form.field('userId', { controlled: true })} label="Patient" required>
            <option value="">{users.error ? 'Failed to load users' : users.data ? 'Select a patient' : 'Loading users...'}</option>
            {patients.map((u) => (
              <option key={u.id} value={u.id}>
                {u.full_name || 'No name'} ({u.email})
              </option>
            ))}
          </SelectField>
        ) : (
          <>
            <FieldRow>
              <InputField {...form.field('firstName')} label="First name" autoComplete="off" maxLength={100} required />
              <InputField {...form.field('lastName')} label="Last name" autoComplete="off" maxLength={100} required />
            </FieldRow>
            <FieldRow>
              <InputField {...form.field('email')} label="Email" type="email" autoComplete="off" maxLength={254} required />
              <InputField {...form.field('phone')} label="Phone (optional)" type="tel" autoComplete="off" maxLength={25} />
            </FieldRow>
            <InputField {...form.field('password', { hint: true })} label="Temporary password (optional)" type="password" autoComplete="new-password" maxLength={1024}>
              <Hint id={form.ids('password').hint}>Leave it empty to e-mail the patient an invitation to choose their own password.</Hint>
            </InputField>
            <SelectField
              {...form.field('language', { hint: true })}
              label="Patient's language"
              below={<Hint id={form.ids('language').hint}>Their invitation and appointment e-mails are written in it.</Hint>}
            >
              {PATIENT_LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {PATIENT_LANGUAGE_NAMES[language]}
                </option>
              ))}
            </SelectField>
          </>
        )}
      </Fieldset>
      <FieldRow>
        <SelectField {...form.field('location')} value={location} label="Location" required>
          {clinics.length === 0 ? <option value="">Loading locations...</option> : null}
          {clinics.map((c) => (
            <option key={c.uid} value={c.uid}>
              {c.name}
            </option>
          ))}
        </SelectField>
        <SelectField {...form.field('typeId', { controlled: true })} label="Appointment type" required>
          <option value="">{types.error ? 'Failed to load appointment types' : types.data ? 'Select an appointment type' : 'Loading appointment types...'}</option>
          {types.data?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.duration_minutes} min)
            </option>
          ))}
        </SelectField>
      </FieldRow>
      <FieldRow>
        <InputField {...form.field('date')} label="Date" type="date" min={clinicToday()} required />
        <SelectField {...form.field('time', { controlled: true })} label="Time (Eastern Time)" required>
          <option value="">{timesPlaceholder(times, timesReady)}</option>
          {timesReady
            ? times.data?.times.map((t) => (
                <option key={t.time} value={t.time} disabled={t.held_by !== null}>
                  {timeOptionText(t)}
                </option>
              ))
            : null}
        </SelectField>
      </FieldRow>
      <Field>
        <Label htmlFor={form.ids('notes').control}>Notes (optional)</Label>
        <TextArea {...form.field('notes')} rows={3} maxLength={2000} />
      </Field>
      <div>
        {/* Not disabled while busy: a disabled button would drop the keyboard user's focus to the page. */}
        <Button ref={submitRef} type="submit" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
          {busy ? 'Scheduling...' : 'Schedule Appointment'}
        </Button>
      </div>
    </Form>
  )
}

/** SPEC §8: how the provider's first attempt went. The embedded local provider has no Podium to report on. */
function syncSuffix(state: SyncState | null): string {
  if (state === 'synced') return ' and synced with Podium'
  if (state === 'failed') return ' (Podium sync failed - appointment saved locally)'
  return ''
}

// ---------------------------------------------------------------------------------------------
// Recent Appointments
// ---------------------------------------------------------------------------------------------

const syncText: Record<SyncState, string> = { synced: 'Synced', failed: 'Sync Failed', local: 'Local Only', unknown: 'Sync status unavailable' }
const syncTone: Record<SyncState, BadgeTone> = { synced: 'success', failed: 'destructive', local: 'secondary', unknown: 'outline' }

function AppointmentList({ resource }: { resource: ReturnType<typeof useAdminAppointments> }) {
  // The count of every request waiting, not only of those among the newest listed here.
  const waiting = usePendingRequests(1)
  return (
    <RefreshablePanel
      resource={resource}
      noun="appointments"
      summary={() => (waiting.data ? <a href={`#${PENDING_REQUESTS_ID}`}>{waitingText(waiting.data.total)}</a> : 'Counting the requests waiting...')}
    >
      {(list) =>
        list.length === 0 ? (
          <Muted>No appointments scheduled yet.</Muted>
        ) : (
          <CardList>
            {list.map((a) => (
              <AppointmentItem key={a.id} appointment={a} onChanged={() => void resource.mutate()} />
            ))}
          </CardList>
        )
      }
    </RefreshablePanel>
  )
}

export function AppointmentItem({ appointment: a, onChanged }: { appointment: AdminAppointment; onChanged: () => void }) {
  const [busy, setBusy] = useState(false)
  const name = `${a.first_name} ${a.last_name}`
  const { ref, focusProps } = useLinkedItem<HTMLLIElement>({ appointment: a.id })
  // Online requests and patients' cancellations reached the clinic as Inbox messages.
  const hasMessage = a.source === 'public' || a.cancelled_by === 'patient'

  const decide = async (decision: RequestDecision) => {
    setBusy(true)
    try {
      if (await decideWithNotice(a, decision)) onChanged()
    } finally {
      setBusy(false)
    }
  }

  return (
    <CardItem ref={ref} {...focusProps}>
      <CardRow>
        <Title>
          {a.appointment_type} · {name}
        </Title>
        <Badges>
          <Badge $tone={statusTone[a.status]}>{statusText[a.status]}</Badge>
          <Badge $tone={syncTone[a.sync_state]} title={a.podium_sync_error ?? undefined}>
            {syncText[a.sync_state]}
          </Badge>
        </Badges>
      </CardRow>
      <CardMeta>
        {a.when} · {a.location_name ?? a.location_uid}
      </CardMeta>
      <CardMeta>
        Phone: {a.phone ? <a href={`tel:${a.phone}`}>{a.phone}</a> : 'No phone'} · <a href={`mailto:${a.email}`}>{a.email}</a>
        {a.source === 'public' ? ' · Requested online' : ''}
        <LanguageNote language={a.language} />
      </CardMeta>
      {hasMessage ? (
        <CardMeta>
          <Link to={`/admin?tab=inbox&appointment=${encodeURIComponent(a.id)}`}>Open the message in the Inbox</Link>
        </CardMeta>
      ) : null}
      {a.notes ? <WrittenText>Notes: {a.notes}</WrittenText> : null}
      {a.hearing_self_check ? <SelfCheckRecord result={a.hearing_self_check} /> : null}
      {a.sync_state === 'failed' && a.podium_sync_error ? <CardError>Sync error: {a.podium_sync_error}</CardError> : null}
      {a.status === 'pending' || a.can_cancel ? (
        <CardActions>
          {a.status === 'pending' ? (
            <>
              <Button onClick={() => void decide('confirm')} disabled={busy} aria-label={`Confirm: ${name}, ${a.when}`}>
                Confirm
              </Button>
              <Button $variant="secondary" onClick={() => void decide('decline')} disabled={busy} aria-label={`Decline: ${name}, ${a.when}`}>
                Decline
              </Button>
            </>
          ) : (
            <Button $variant="secondary" onClick={() => void decide('cancel')} disabled={busy} aria-label={`Cancel appointment: ${name}, ${a.when}`}>
              Cancel appointment
            </Button>
          )}
        </CardActions>
      ) : null}
    </CardItem>
  )
}

const Opened = styled.section`
  display: grid;
  gap: ${theme.space[3]};
  margin-bottom: ${theme.space[6]};

  h3 {
    margin: 0;
  }
`

const Form = styled.form`
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

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[4]};
`

const Choice = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  min-height: 44px;

  input {
    width: 1.25rem;
    height: 1.25rem;
  }
`

const Title = styled.h4`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  overflow-wrap: anywhere;
`

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`
