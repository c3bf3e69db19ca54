import { screen } from '@testing-library/react'
import { scoreHearingSelfCheck, type HhieAnswer } from '@hearing/contracts'
import { describe, expect, it, vi } from 'vitest'

import * as selfCheckContent from '@/content/self-check'
import { enterValue } from '@/testing/enter-value'
import { stubNetwork } from '@/testing/network'
import { renderWithApp } from '@/testing/render'

import { selfCheckForBooking } from '../self-check-for-booking'
import { BookingForm } from './booking-form'

const locations = { data: [{ uid: 'gainesville', name: 'Gainesville' }, { uid: 'dahlonega', name: 'Dahlonega' }] }
const types = [{ id: 'hearing-test', name: 'Hearing Test', duration_minutes: 60 }]

const bookingWindow = { first_date: '2030-01-02', last_date: '2030-05-02', horizon_days: 120, closed_dates: ['2030-01-14', '2030-02-18'] }

function answer(path: string) {
  if (path.startsWith('/scheduling/appointment-types')) return { status: 200, body: types }
  if (path.startsWith('/scheduling/booking-window')) return { status: 200, body: bookingWindow }
  if (path.startsWith('/scheduling/availability')) return { status: 200, body: { date: '2030-01-15', times: [{ time: '09:00', label: '9:00 AM', starts_at: '2030-01-15T14:00:00.000Z' }] } }
  return undefined
}

describe('booking form', () => {
  it('says "Missing Information" and sends nothing while a required field is empty', async () => {
    const sent = stubNetwork(({ path }) => answer(path))
    const { user } = renderWithApp(<BookingForm locations={locations} patient={null} locationHint={null} />)
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }))
    expect(await screen.findByText('Please fill in all required fields.')).toBeInTheDocument()
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0)
  })

  it('fills in a signed-in patient, picks the hinted clinic, and a new clinic clears the chosen type', async () => {
    stubNetwork(({ path }) => answer(path))
    const patient = { email: 'ana@example.com', first_name: 'Ana', last_name: null, phone: '(770) 555-0142', address_line1: null, address_line2: null, city: 'Gainesville', state: 'GA', zip_code: null, preferred_location_uid: null }
    const { user } = renderWithApp(<BookingForm locations={locations} patient={patient} locationHint="dahl" />)
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ana')
    expect(screen.getByLabelText(/Email/)).toHaveValue('ana@example.com')
    expect(screen.getByLabelText(/Last name/)).toHaveValue('')
    const location = screen.getByLabelText(/^Location/)
    expect(location).toHaveValue('dahlonega')
    const type = screen.getByLabelText(/Appointment type/)
    await screen.findByRole('option', { name: 'Hearing Test (60 min)' })
    await user.selectOptions(type, 'hearing-test')
    expect(type).toHaveValue('hearing-test')
    expect(screen.getByLabelText(/^Date/)).toBeEnabled()
    await user.selectOptions(location, 'Gainesville')
    expect(type).toHaveValue('')
    expect(screen.getByLabelText(/^Date/)).toBeDisabled()
  })

  it('offers only the dates the server accepts: closed days and dates past the horizon are told at once, and no times asked for', async () => {
    const sent = stubNetwork(({ path }) => answer(path))
    const { user } = renderWithApp(<BookingForm locations={locations} patient={null} locationHint="gaines" />)
    await screen.findByRole('option', { name: 'Hearing Test (60 min)' })
    await user.selectOptions(screen.getByLabelText(/Appointment type/), 'hearing-test')
    const date = screen.getByLabelText(/^Date/)
    expect(await screen.findByText('Monday to Friday, from 3 to 120 days from today. Closed on Jan 14, Feb 18.')).toBeInTheDocument()
    expect(date).toHaveAttribute('min', '2030-01-02')
    expect(date).toHaveAttribute('max', '2030-05-02')
    enterValue(date, '2030-01-14')
    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic is closed that day. Please choose another date.')
    enterValue(date, '2099-12-31')
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a date within 120 days from today. For a later date, please call us.')
    expect(sent.filter((r) => r.path.startsWith('/scheduling/availability'))).toHaveLength(0)
    enterValue(date, '2030-01-15')
    expect(await screen.findByRole('option', { name: '9:00 AM' })).toBeInTheDocument()
  })

  it('from the hearing self-check: the hearing evaluation chosen, the notes summarise it, and its answers go along', async () => {
    const answers: HhieAnswer[] = ['yes', 'sometimes', 'yes', 'no', 'sometimes', 'no', 'sometimes', 'sometimes', 'sometimes', 'no']
    const withEvaluation = [...types, { id: 'evaluation', name: 'Hearing Evaluation', duration_minutes: 60 }]
    const sent = stubNetwork(({ method, path }) => {
      if (method === 'POST' && path === '/scheduling/bookings') return { status: 201, body: { id: 'a1', status: 'pending', starts_at: '2030-01-15T14:00:00.000Z' } }
      if (path.startsWith('/scheduling/appointment-types')) return { status: 200, body: withEvaluation }
      return answer(path)
    })
    const leave = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    // A clinic of its own: SWR's cache still holds the other tests' type lists for theirs.
    const clinics = { data: [{ uid: 'cumming', name: 'Cumming' }] }
    const { user } = renderWithApp(<BookingForm locations={clinics} patient={null} locationHint="cumm" selfCheck={selfCheckForBooking(scoreHearingSelfCheck(answers), selfCheckContent)} />)
    expect(screen.getByTestId('self-check-notice')).toHaveTextContent('Your hearing self-check (18 out of 40: mild to moderate) can go with this request')
    expect(screen.getByLabelText(/Notes/)).toHaveValue('Hearing self-check: 18 / 40 — mild to moderate. I would like a hearing evaluation.')
    await vi.waitFor(() => expect(screen.getByLabelText(/Appointment type/)).toHaveValue('evaluation'))

    enterValue(screen.getByLabelText(/^Date/), '2030-01-15')
    await user.selectOptions(await screen.findByLabelText(/^Time/), '09:00')
    for (const [label, value] of [[/First name/, 'Ana'], [/Last name/, 'Muñoz'], [/^Email/, 'ana@example.com'], [/^Phone/, '(770) 555-0142'], [/Address line 1/, '1 Main St'], [/^City/, 'Gainesville'], [/^State/, 'GA'], [/ZIP code/, '30501']] as const) {
      enterValue(screen.getByLabelText(label), value)
    }
    const send = screen.getByRole('checkbox', { name: 'Send my self-check answers with this request' })
    expect(send).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }))
    const bookings = () => sent.filter((r) => r.method === 'POST' && r.path === '/scheduling/bookings')
    await vi.waitFor(() => expect(bookings()).toHaveLength(1))
    expect(bookings()[0]?.body).toMatchObject({ appointment_type_id: 'evaluation', hearing_self_check: { answers } })
    leave.mockRestore()
  })

  it('sends no self-check answers when the patient unticks them', async () => {
    const sent = stubNetwork(({ method, path }) => (method === 'POST' ? { status: 500, body: { message: 'down' } } : answer(path)))
    const clinics = { data: [{ uid: 'buford', name: 'Buford' }] }
    const { user } = renderWithApp(<BookingForm locations={clinics} patient={null} locationHint="buf" selfCheck={selfCheckForBooking(scoreHearingSelfCheck(Array<HhieAnswer>(10).fill('no')), selfCheckContent)} />)
    await screen.findByRole('option', { name: 'Hearing Test (60 min)' })
    await user.selectOptions(screen.getByLabelText(/Appointment type/), 'hearing-test')
    enterValue(screen.getByLabelText(/^Date/), '2030-01-15')
    await user.selectOptions(await screen.findByLabelText(/^Time/), '09:00')
    for (const [label, value] of [[/First name/, 'Ana'], [/Last name/, 'Muñoz'], [/^Email/, 'ana@example.com'], [/^Phone/, '(770) 555-0142'], [/Address line 1/, '1 Main St'], [/^City/, 'Gainesville'], [/^State/, 'GA'], [/ZIP code/, '30501']] as const) {
      enterValue(screen.getByLabelText(label), value)
    }
    await user.click(screen.getByRole('checkbox', { name: 'Send my self-check answers with this request' }))
    await user.click(screen.getByRole('button', { name: 'Book Appointment' }))
    const bookings = () => sent.filter((r) => r.method === 'POST' && r.path === '/scheduling/bookings')
    await vi.waitFor(() => expect(bookings()).toHaveLength(1))
    expect(bookings()[0]?.body).not.toHaveProperty('hearing_self_check')
  })
})
