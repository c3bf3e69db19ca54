import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { stubNetwork } from '@/testing/network'
import { renderWithApp } from '@/testing/render'

import { BookingForm } from './booking-form'

const locations = { data: [{ uid: 'gainesville', name: 'Gainesville' }, { uid: 'dahlonega', name: 'Dahlonega' }] }
const types = [{ id: 'hearing-test', name: 'Hearing Test', duration_minutes: 60 }]

function answer(path: string) {
  if (path.startsWith('/scheduling/appointment-types')) return { status: 200, body: types }
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
})
