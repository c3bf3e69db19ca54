import { BOOKING_DAYS_AHEAD, clinicByUid, firstBookableDate, HEARING_EVALUATION_TYPE, HHIE_S_MAX_SCORE, type BookingWindow, type HearingSelfCheckResult } from '@hearing/contracts'
import { useEffect, useId, useRef, useState } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Field, FieldRow, Hint, InputField, Label, SelectField, TextArea } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { paths } from '@/config/paths'
import { fillTemplate, selfCheckText } from '@/content/self-check'
import { ApiError } from '@/lib/api-client'
import { useAppointmentTypes } from '@/lib/appointments'
import { trackEvent } from '@/lib/analytics'
import { notify } from '@/lib/notify'

import { dateProblemOf, requestBooking, useAvailableTimes, useBookingWindow } from '../api/booking'
import { bookingSchema, REQUIRED_BOOKING_FIELDS } from '../schema'

/** The clinics as the page loaded them (GET /api/messaging/locations). */
export interface BookingLocations {
  data?: ReadonlyArray<{ uid: string; name: string }>
  error?: unknown
}

/** What a signed-in patient's profile fills in. */
export interface BookingPatient {
  email: string
  first_name: string | null
  last_name: string | null
  phone: string | null
  address_line1: string | null
  address_line2: string | null
  city: string | null
  state: string | null
  zip_code: string | null
  preferred_location_uid: string | null
}

const empty = {
  location: '',
  typeId: '',
  date: '',
  time: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  state: '',
  zipCode: '',
  notes: '',
}

const shortDay = (date: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))

/** The date field's hint: the rule, and the closed days ahead (a date input cannot grey them out). */
function dateHint(window: BookingWindow | undefined): string {
  if (!window) return `Monday to Friday, at least ${BOOKING_DAYS_AHEAD} days from today.`
  const closed = window.closed_dates.map(shortDay)
  return `Monday to Friday, from ${BOOKING_DAYS_AHEAD} to ${window.horizon_days} days from today.${closed.length > 0 ? ` Closed on ${closed.join(', ')}.` : ''}`
}

const messageOf = (error: unknown, fallback: string) => (error instanceof ApiError || error instanceof Error ? error.message || fallback : fallback)

/**
 * The public booking form (SPEC §2 "Book appointment", §4 "Public booking", §5, §8): location →
 * type → date → time, each choice clearing what depends on it and each field disabled until what it
 * depends on is chosen; times come from the server in the clinic's time zone. `locationHint` (the
 * ?location= parameter) pre-selects the clinic whose name contains it; a signed-in patient's
 * details are filled in. Success is a full page navigation to /appointment-success.
 */
export function BookingForm({
  locations,
  patient,
  locationHint,
  fittingFor = null,
  selfCheck = null,
}: {
  locations: BookingLocations
  patient: BookingPatient | null
  locationHint: string | null
  /** The hearing aid the visitor came from ("Schedule Fitting Appointment"): named above the form and in the notes. */
  fittingFor?: string | null
  /**
   * The hearing self-check the visitor came from ("Book a hearing evaluation"): the hearing
   * evaluation is chosen at each clinic, the notes summarise it, and its answers go with the
   * request unless the visitor unticks them.
   */
  selfCheck?: HearingSelfCheckResult | null
}) {
  const form = useZodForm(bookingSchema, empty)
  const { setValue, getValues } = form
  const values = form.watch()
  const ids = (name: keyof typeof empty) => form.ids(name)
  // Stays true after success: the browser is on its way to /appointment-success.
  const [leaving, setLeaving] = useState(false)
  const sending = form.formState.isSubmitting || leaving
  const types = useAppointmentTypes(values.location)
  const bookable = useBookingWindow(values.location)
  const dateProblem = dateProblemOf(values.date, clinicByUid(values.location), bookable.data)
  const times = useAvailableTimes(values.location, values.typeId, dateProblem ? '' : values.date)

  // Choosing a location clears the type; a type or a date clears the time (SPEC §4).
  useEffect(() => {
    const watching = form.watch((_, { name }) => {
      if (name === 'location') setValue('typeId', '')
      if (name === 'location' || name === 'typeId' || name === 'date') setValue('time', '')
    })
    return () => watching.unsubscribe()
  }, [form, setValue])

  // ?location=Gainesville: the clinic whose name contains it, once the clinics are known.
  const hinted = useRef(false)
  useEffect(() => {
    if (hinted.current || !locationHint || !locations.data) return
    hinted.current = true
    const match = locations.data.find((l) => l.name.toLowerCase().includes(locationHint.toLowerCase()))
    if (match && !getValues('location')) setValue('location', match.uid)
  }, [locationHint, locations.data, getValues, setValue])

  // The hearing aid a fitting is for goes into the notes, once, unless the visitor wrote some already.
  useEffect(() => {
    if (fittingFor && !getValues('notes')) setValue('notes', `Fitting for the ${fittingFor}.`)
  }, [fittingFor, getValues, setValue])

  // From the self-check: its summary in the notes, once, unless the visitor wrote some already.
  const [sendSelfCheck, setSendSelfCheck] = useState(true)
  const selfCheckId = useId()
  const selfCheckWords = selfCheck ? { score: selfCheck.score, max: HHIE_S_MAX_SCORE, band: selfCheckText.result.bands[selfCheck.band].label } : null
  const selfCheckNotes = selfCheckWords ? fillTemplate(selfCheckText.booking.notes, selfCheckWords) : null
  useEffect(() => {
    if (selfCheckNotes && !getValues('notes')) setValue('notes', selfCheckNotes)
  }, [selfCheckNotes, getValues, setValue])

  // ... and the hearing evaluation, whenever a clinic's types arrive and none is chosen yet.
  const typesOffered = types.data
  const preferredFor = useRef<ReadonlyArray<unknown> | null>(null)
  useEffect(() => {
    if (!selfCheck || !typesOffered || preferredFor.current === typesOffered) return
    preferredFor.current = typesOffered
    const evaluation = typesOffered.find((t) => t.name.toLowerCase() === HEARING_EVALUATION_TYPE.toLowerCase())
    if (evaluation && !getValues('typeId')) setValue('typeId', evaluation.id)
  }, [selfCheck, typesOffered, getValues, setValue])

  // A signed-in patient's details, once (what they type afterwards stays).
  const filled = useRef(false)
  useEffect(() => {
    if (filled.current || !patient) return
    filled.current = true
    const details = {
      email: patient.email,
      firstName: patient.first_name,
      lastName: patient.last_name,
      phone: patient.phone,
      addressLine1: patient.address_line1,
      addressLine2: patient.address_line2,
      city: patient.city,
      state: patient.state,
      zipCode: patient.zip_code,
      location: patient.preferred_location_uid,
    } as const
    for (const [name, value] of Object.entries(details) as Array<[keyof typeof details, string | null]>) {
      if (value && !getValues(name)) setValue(name, value)
    }
  }, [patient, getValues, setValue])

  // The spec's dropdown errors, told once each.
  const told = useRef(new Set<string>())
  useEffect(() => {
    const tell = (key: string, error: unknown, fallback: string) => {
      if (!error || told.current.has(key)) return
      told.current.add(key)
      notify.error(messageOf(error, fallback))
    }
    tell('locations', locations.error, 'Failed to load locations')
    tell(`types:${values.location}`, types.error, 'Failed to load appointment types')
  }, [locations.error, types.error, values.location])

  const onSubmit = form.handleSubmit(async (request) => {
    if (REQUIRED_BOOKING_FIELDS.some((name) => !getValues(name).trim()) || dateProblem) {
      notify.error('Missing Information', 'Please fill in all required fields.')
      return
    }
    try {
      await requestBooking({
        ...request,
        appointment_type: types.data?.find((t) => t.id === request.appointment_type_id)?.name ?? '',
        ...(selfCheck && sendSelfCheck ? { hearing_self_check: { answers: selfCheck.answers } } : {}),
      })
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Someone took that time a moment ago: offer fresh times.
        setValue('time', '')
        void times.mutate()
      }
      notify.error('Booking Failed', messageOf(error, 'There was an error booking your appointment. Please try again.'))
      return
    }
    setLeaving(true)
    trackEvent('book')
    window.location.assign(paths.appointmentSuccess.getHref())
  })

  const typeOptions = types.data ?? []
  const timeOptions = times.data?.times ?? []
  const typePlaceholder = !values.location
    ? 'Choose a location first'
    : types.error
      ? messageOf(types.error, 'Failed to load appointment types')
      : !types.data
        ? 'Loading appointment types...'
        : typeOptions.length === 0
          ? 'No appointment types available for this location'
          : 'Select an appointment type'
  const timePlaceholder = !values.typeId
    ? 'Choose an appointment type first'
    : !values.date || dateProblem
      ? 'Choose a date first'
      : times.error
        ? messageOf(times.error, 'No available times for selected date')
        : !times.data
          ? 'Loading available times...'
          : timeOptions.length === 0
            ? 'No available times for selected date'
            : 'Select a time'

  return (
    <Form onSubmit={onSubmit} aria-label="Book an appointment" noValidate>
      {patient ? <Greeting role="status">Welcome back, {patient.email}! We have filled in your details; please check them.</Greeting> : null}
      {fittingFor ? (
        <Greeting data-testid="fitting-for">
          Booking a fitting for the <strong>{fittingFor}</strong>.
        </Greeting>
      ) : null}

      {selfCheckWords ? (
        <SelfCheckNotice data-testid="self-check-notice">
          <p id={`${selfCheckId}-notice`}>{fillTemplate(selfCheckText.booking.notice, selfCheckWords)}</p>
          <label>
            <input type="checkbox" checked={sendSelfCheck} onChange={(e) => setSendSelfCheck(e.target.checked)} aria-describedby={`${selfCheckId}-notice`} />
            {selfCheckText.booking.include}
          </label>
        </SelfCheckNotice>
      ) : null}

      <Section aria-labelledby={`${form.formId}-when`}>
        <h2 id={`${form.formId}-when`}>Your visit</h2>
        <SelectField {...form.field('location', { controlled: true })} label="Location" required>
          <option value="">{locations.data ? 'Select a location' : locations.error ? messageOf(locations.error, 'Failed to load locations') : 'Loading locations...'}</option>
          {locations.data?.map((l) => (
            <option key={l.uid} value={l.uid}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <SelectField {...form.field('typeId', { controlled: true })} label="Appointment type" required disabled={!values.location || typeOptions.length === 0}>
          <option value="">{typePlaceholder}</option>
          {typeOptions.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.duration_minutes} min)
            </option>
          ))}
        </SelectField>
        <FieldRow>
          <InputField {...form.field('date', { hint: true })} label="Date" type="date" min={bookable.data?.first_date ?? firstBookableDate()} max={bookable.data?.last_date} required disabled={!values.typeId} aria-invalid={dateProblem ? true : undefined}>
            <Hint id={ids('date').hint} role={dateProblem ? 'alert' : undefined}>
              {dateProblem ?? dateHint(bookable.data)}
            </Hint>
          </InputField>
          <SelectField {...form.field('time', { controlled: true })} label="Time (Eastern Time)" required disabled={!values.typeId || !values.date || Boolean(dateProblem) || timeOptions.length === 0}>
            <option value="">{timePlaceholder}</option>
            {timeOptions.map((slot) => (
              <option key={slot.time} value={slot.time}>
                {slot.label}
              </option>
            ))}
          </SelectField>
        </FieldRow>
      </Section>

      <Section aria-labelledby={`${form.formId}-who`}>
        <h2 id={`${form.formId}-who`}>Your details</h2>
        <FieldRow>
          <InputField {...form.field('firstName')} label="First name" autoComplete="given-name" maxLength={100} required />
          <InputField {...form.field('lastName')} label="Last name" autoComplete="family-name" maxLength={100} required />
        </FieldRow>
        <FieldRow>
          <InputField {...form.field('email')} label="Email" type="email" autoComplete="email" maxLength={254} required />
          <InputField {...form.field('phone')} label="Phone" type="tel" autoComplete="tel" maxLength={25} required />
        </FieldRow>
        <InputField {...form.field('addressLine1')} label="Address line 1" autoComplete="address-line1" maxLength={200} required />
        <InputField {...form.field('addressLine2')} label="Address line 2 (optional)" autoComplete="address-line2" maxLength={200} />
        <FieldRow>
          <InputField {...form.field('city')} label="City" autoComplete="address-level2" maxLength={100} required />
          <InputField {...form.field('state')} label="State" autoComplete="address-level1" maxLength={50} required />
          <InputField {...form.field('zipCode')} label="ZIP code" autoComplete="postal-code" inputMode="numeric" maxLength={10} required />
        </FieldRow>
        <Field>
          <Label htmlFor={ids('notes').control}>Notes (optional)</Label>
          <TextArea {...form.field('notes', { hint: true })} rows={4} maxLength={2000} />
          <Hint id={ids('notes').hint}>Anything we should know before your visit.</Hint>
        </Field>
      </Section>

      <p>Online bookings are pending until our staff verify them. We will contact you to confirm your appointment.</p>
      <div>
        <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
          {sending ? 'Booking...' : 'Book Appointment'}
        </Button>
      </div>
    </Form>
  )
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
`

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`

const Greeting = styled.p`
  margin: 0;
  /* A long e-mail address must wrap rather than widen the page on a phone. */
  overflow-wrap: anywhere;
  padding: ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};
`

const SelfCheckNotice = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.primarySoft};

  p {
    margin: 0;
  }
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[3]};
    min-height: 44px;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    cursor: pointer;
  }
  input {
    flex: none;
    width: 1.5rem;
    height: 1.5rem;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`
