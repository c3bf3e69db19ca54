import { BOOKING_DAYS_AHEAD, clinicByUid, firstBookableDate, HEARING_EVALUATION_TYPE, type BookingWindow } from '@hearing/contracts'
import { useEffect, useId, useRef, useState } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { Field, FieldRow, Hint, InputField, Label, SelectField, TextArea } from '@/components/ui/form-controls'
import { useZodForm } from '@/components/ui/use-zod-form'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { useAppointmentTypes } from '@/lib/appointments'
import { trackEvent } from '@/lib/analytics'
import { notify } from '@/lib/notify'

import { dateProblemOf, requestBooking, useAvailableTimes, useBookingWindow } from '../api/booking'
import { bookingSchema, REQUIRED_BOOKING_FIELDS } from '../schema'
import type { SelfCheckForBooking } from '../self-check-for-booking'
import { appointmentTypeName, slotLabel, t } from '@/i18n/booking'
import { t as tForms } from '@/i18n/forms'
import { currentLocale, dateFormatInPageLanguage, languageField } from '@/i18n/i18n'
import { localizePath } from '@/i18n/locale'
import { theme } from '@/config/theme'

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

const shortDayFormat = dateFormatInPageLanguage({ month: 'short', day: 'numeric', timeZone: 'UTC' })
const shortDay = (date: string) => shortDayFormat().format(new Date(`${date}T00:00:00Z`))

/** The date field's hint: the rule, and the closed days ahead (a date input cannot grey them out). */
function dateHint(window: BookingWindow | undefined): string {
  if (!window) return t('booking.dateHint', { days: BOOKING_DAYS_AHEAD })
  const closed = window.closed_dates.map(shortDay)
  const rule = t('booking.dateHint.window', { days: BOOKING_DAYS_AHEAD, horizon: window.horizon_days })
  return closed.length > 0 ? `${rule} ${t('booking.dateHint.closed', { dates: closed.join(', ') })}` : rule
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
  selfCheck?: SelfCheckForBooking | null
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
    if (fittingFor && !getValues('notes')) setValue('notes', t('booking.fittingNotes', { product: fittingFor }))
  }, [fittingFor, getValues, setValue])

  // From the self-check: its summary in the notes, once, unless the visitor wrote some already.
  const [sendSelfCheck, setSendSelfCheck] = useState(true)
  const selfCheckId = useId()
  const selfCheckNotes = selfCheck?.notes ?? null
  useEffect(() => {
    if (selfCheckNotes && !getValues('notes')) setValue('notes', selfCheckNotes)
  }, [selfCheckNotes, getValues, setValue])

  // ... and the hearing evaluation, whenever a clinic's types arrive and none is chosen yet.
  const typesOffered = types.data
  const preferredFor = useRef<ReadonlyArray<unknown> | null>(null)
  useEffect(() => {
    if (!selfCheck || !typesOffered || preferredFor.current === typesOffered) return
    preferredFor.current = typesOffered
    const evaluation = typesOffered.find((type) => type.name.toLowerCase() === HEARING_EVALUATION_TYPE.toLowerCase())
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
    tell('locations', locations.error, t('booking.locationsFailed'))
    tell(`types:${values.location}`, types.error, t('booking.typesFailed'))
  }, [locations.error, types.error, values.location])

  const onSubmit = form.handleSubmit(async (request) => {
    if (REQUIRED_BOOKING_FIELDS.some((name) => !getValues(name).trim()) || dateProblem) {
      notify.error(t('booking.missing.title'), t('booking.missing.text'))
      return
    }
    try {
      await requestBooking({
        ...request,
        appointment_type: types.data?.find((type) => type.id === request.appointment_type_id)?.name ?? '',
        ...languageField(),
        ...(selfCheck && sendSelfCheck ? { hearing_self_check: { answers: selfCheck.result.answers } } : {}),
      })
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Someone took that time a moment ago: offer fresh times.
        setValue('time', '')
        void times.mutate()
      }
      notify.error(t('booking.failed.title'), messageOf(error, t('booking.failed.text')))
      return
    }
    setLeaving(true)
    trackEvent('book')
    window.location.assign(localizePath(currentLocale(), paths.appointmentSuccess.getHref()))
  })

  const typeOptions = types.data ?? []
  const timeOptions = times.data?.times ?? []
  const typePlaceholder = !values.location
    ? t('booking.chooseLocationFirst')
    : types.error
      ? messageOf(types.error, t('booking.typesFailed'))
      : !types.data
        ? t('booking.typesLoading')
        : typeOptions.length === 0
          ? t('booking.noTypes')
          : t('booking.selectType')
  const timePlaceholder = !values.typeId
    ? t('booking.chooseTypeFirst')
    : !values.date || dateProblem
      ? t('booking.chooseDateFirst')
      : times.error
        ? messageOf(times.error, t('booking.noTimes'))
        : !times.data
          ? t('booking.timesLoading')
          : timeOptions.length === 0
            ? t('booking.noTimes')
            : t('booking.selectTime')

  return (
    <Form onSubmit={onSubmit} aria-label={t('booking.form.label')} noValidate>
      {patient ? <Greeting role="status">{t('booking.greeting', { email: patient.email })}</Greeting> : null}
      {fittingFor ? (
        <Greeting data-testid="fitting-for">
          {t('booking.fittingFor', { product: fittingFor })}
        </Greeting>
      ) : null}

      {selfCheck ? (
        <SelfCheckNotice data-testid="self-check-notice">
          <p id={`${selfCheckId}-notice`}>{selfCheck.notice}</p>
          <label>
            <input type="checkbox" checked={sendSelfCheck} onChange={(e) => setSendSelfCheck(e.target.checked)} aria-describedby={`${selfCheckId}-notice`} />
            {selfCheck.include}
          </label>
        </SelfCheckNotice>
      ) : null}

        <Section aria-labelledby={`${form.formId}-when`}>
          <h2 id={`${form.formId}-when`}>{t('booking.visit')}</h2>
          <SelectField {...form.field('location', { controlled: true })} label={t('booking.location')} required>
            <option value="">{locations.data ? tForms('forms.selectLocation') : locations.error ? messageOf(locations.error, t('booking.locationsFailed')) : tForms('forms.locationsLoading')}</option>
            {locations.data?.map((l) => (
              <option key={l.uid} value={l.uid}>
                {l.name}
              </option>
            ))}
          </SelectField>
          <SelectField {...form.field('typeId', { controlled: true })} label={t('booking.type')} required disabled={!values.location || typeOptions.length === 0}>
            <option value="">{typePlaceholder}</option>
            {typeOptions.map((type) => (
              <option key={type.id} value={type.id}>
                {appointmentTypeName(type.name)} ({type.duration_minutes} min)
              </option>
            ))}
          </SelectField>
          <FieldRow>
            <InputField {...form.field('date', { hint: true })} label={t('booking.date')} type="date" min={bookable.data?.first_date ?? firstBookableDate()} max={bookable.data?.last_date} required disabled={!values.typeId} aria-invalid={dateProblem ? true : undefined}>
              <Hint id={ids('date').hint} role={dateProblem ? 'alert' : undefined}>
                {dateProblem ?? dateHint(bookable.data)}
              </Hint>
            </InputField>
            <SelectField {...form.field('time', { controlled: true })} label={t('booking.time')} required disabled={!values.typeId || !values.date || Boolean(dateProblem) || timeOptions.length === 0}>
              <option value="">{timePlaceholder}</option>
              {timeOptions.map((slot) => (
                <option key={slot.time} value={slot.time}>
                  {slotLabel(slot)}
                </option>
              ))}
            </SelectField>
          </FieldRow>
        </Section>

        <Section aria-labelledby={`${form.formId}-who`}>
          <h2 id={`${form.formId}-who`}>{t('booking.details')}</h2>
          <FieldRow>
            <InputField {...form.field('firstName')} label={tForms('forms.firstName')} autoComplete="given-name" maxLength={100} required />
            <InputField {...form.field('lastName')} label={tForms('forms.lastName')} autoComplete="family-name" maxLength={100} required />
          </FieldRow>
          <FieldRow>
            <InputField {...form.field('email')} label={tForms('forms.email')} type="email" autoComplete="email" maxLength={254} required />
            <InputField {...form.field('phone')} label={tForms('forms.phone')} type="tel" autoComplete="tel" maxLength={25} required />
          </FieldRow>
          <InputField {...form.field('addressLine1')} label={t('booking.address1')} autoComplete="address-line1" maxLength={200} required />
          <InputField {...form.field('addressLine2')} label={t('booking.address2')} autoComplete="address-line2" maxLength={200} />
          <FieldRow>
            <InputField {...form.field('city')} label={t('booking.city')} autoComplete="address-level2" maxLength={100} required />
            <InputField {...form.field('state')} label={t('booking.state')} autoComplete="address-level1" maxLength={50} required />
            <InputField {...form.field('zipCode')} label={t('booking.zip')} autoComplete="postal-code" inputMode="numeric" maxLength={10} required />
          </FieldRow>
          <Field>
            <Label htmlFor={ids('notes').control}>{t('booking.notes')}</Label>
            <TextArea {...form.field('notes', { hint: true })} rows={4} maxLength={2000} />
            <Hint id={ids('notes').hint}>{t('booking.notes.hint')}</Hint>
          </Field>
        </Section>

      <p>{t('booking.pending')}</p>
      <div>
        <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
          {sending ? t('booking.submitting') : t('booking.submit')}
        </Button>
      </div>
    </Form>
  )
}

const Form = styled.form`
  display: grid;
  gap: ${theme.space[5]};
`

const Section = styled.section`
  display: grid;
  gap: ${theme.space[4]};
  h2 {
    margin: 0;
    font-size: ${theme.fontSizes.xl};
  }
`

const Greeting = styled.p`
  margin: 0;
  /* A long e-mail address must wrap rather than widen the page on a phone. */
  overflow-wrap: anywhere;
  padding: ${theme.space[3]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.primarySoft};
`

const SelfCheckNotice = styled.div`
  display: grid;
  gap: ${theme.space[3]};
  padding: ${theme.space[4]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.primarySoft};

  p {
    margin: 0;
  }
  label {
    display: flex;
    align-items: center;
    gap: ${theme.space[3]};
    min-height: 44px;
    font-weight: ${theme.fontWeights.semibold};
    cursor: pointer;
  }
  input {
    flex: none;
    width: 1.5rem;
    height: 1.5rem;
    margin: 0;
    accent-color: ${theme.colors.primary};
  }
`
