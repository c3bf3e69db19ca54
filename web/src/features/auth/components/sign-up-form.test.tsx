import { screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'

import { stubNetwork } from '@/testing/network'
import { renderWithApp } from '@/testing/render'

import { SignUpForm, type LocationsState } from './sign-up-form'

const locations: LocationsState = {
  data: [
    { uid: 'loc-gainesville', name: 'Gainesville' },
    { uid: 'loc-dawsonville', name: 'Dawsonville' },
  ],
  retry: () => {},
}

/** The form as the auth page holds it: the page owns the busy flag. */
function SignUp({ onSignedUp = () => {}, state = locations }: { onSignedUp?: (email: string) => void; state?: LocationsState }) {
  const [busy, setBusy] = useState(false)
  return <SignUpForm locations={state} busy={busy} setBusy={setBusy} onSignedUp={onSignedUp} />
}

async function fillMainFields(user: ReturnType<typeof renderWithApp>['user'], { confirm = 'Quiet-Meadow-81' } = {}) {
  await user.type(screen.getByLabelText(/First name/), ' Rosa ')
  await user.type(screen.getByLabelText(/Last name/), 'Whitfield')
  await user.type(screen.getByLabelText(/^Email/), 'rosa@example.com')
  await user.type(screen.getByLabelText(/^Phone/), '(770) 555-0142')
  await user.type(screen.getByLabelText(/^Password/), 'Quiet-Meadow-81')
  await user.type(screen.getByLabelText(/Confirm password/), confirm)
}

const created = { status: 201, body: { status: 'confirmation_sent' } }

describe('sign-up form', () => {
  it('keeps Create Account disabled until a preferred location is chosen', async () => {
    stubNetwork(() => created)
    const { user } = renderWithApp(<SignUp />)
    const submit = screen.getByRole('button', { name: 'Create Account' })
    expect(submit).toBeDisabled()
    expect(screen.getByText('Choose a preferred location above to create your account.')).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText(/Preferred location/), 'Dawsonville')
    expect(submit).toBeEnabled()
    expect(screen.queryByText('Choose a preferred location above to create your account.')).not.toBeInTheDocument()
  })

  it('says "Passwords do not match", focuses the confirmation and sends nothing when the passwords differ', async () => {
    const sent = stubNetwork(() => created)
    const { user } = renderWithApp(<SignUp />)
    await fillMainFields(user, { confirm: 'Quiet-Meadow-82' })
    await user.selectOptions(screen.getByLabelText(/Preferred location/), 'Gainesville')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Passwords do not match')
    const confirm = screen.getByLabelText(/Confirm password/)
    expect(confirm).toHaveFocus()
    expect(confirm).toHaveAttribute('aria-invalid', 'true')
    expect(confirm).toHaveAccessibleDescription('Passwords do not match')
    expect(sent).toHaveLength(0)

    // Editing either password takes the message away.
    await user.type(screen.getByLabelText(/^Password/), 'x')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(confirm).not.toHaveAttribute('aria-invalid')
  })

  it('sends no address when the street address is empty, trims the fields, and reports success', async () => {
    const sent = stubNetwork(() => created)
    const onSignedUp = vi.fn()
    const { user } = renderWithApp(<SignUp onSignedUp={onSignedUp} />)
    await fillMainFields(user)
    await user.type(screen.getByLabelText(/^City/), 'Dawsonville')
    await user.selectOptions(screen.getByLabelText(/Preferred location/), 'Gainesville')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))

    expect(await screen.findByText('Sign up successful')).toBeInTheDocument()
    expect(screen.getByText('Please check your email to confirm your account.')).toBeInTheDocument()
    expect(sent.filter((r) => r.path === '/identity/sign-up')).toEqual([
      {
        method: 'POST',
        path: '/identity/sign-up',
        body: {
          first_name: 'Rosa',
          last_name: 'Whitfield',
          email: 'rosa@example.com',
          phone: '(770) 555-0142',
          password: 'Quiet-Meadow-81',
          preferred_location_uid: 'loc-gainesville',
        },
      },
    ])
    expect(onSignedUp).toHaveBeenCalledWith('rosa@example.com')
  })

  it('sends the address (country US implied) when a street address is given, without an empty second line', async () => {
    const sent = stubNetwork(() => created)
    const { user } = renderWithApp(<SignUp />)
    await fillMainFields(user)
    const city = screen.getByLabelText(/^City/)
    expect(city).not.toBeRequired()
    await user.type(screen.getByLabelText(/Street address/), '12 Lakeview Drive ')
    expect(city, 'with a street address the city is needed').toBeRequired()
    await user.type(city, 'Dawsonville')
    await user.type(screen.getByLabelText(/^State/), 'GA')
    await user.type(screen.getByLabelText(/ZIP code/), '30534')
    await user.selectOptions(screen.getByLabelText(/Preferred location/), 'Dawsonville')
    await user.click(screen.getByRole('button', { name: 'Create Account' }))

    await screen.findByText('Sign up successful')
    expect(sent[0]).toMatchObject({ path: '/identity/sign-up' })
    expect(sent[0]?.body).toMatchObject({
      preferred_location_uid: 'loc-dawsonville',
      address: { address_line1: '12 Lakeview Drive', city: 'Dawsonville', state: 'GA', zip_code: '30534' },
    })
    expect((sent[0]?.body as { address: object }).address).not.toHaveProperty('address_line2')
  })

  it('tells a visitor whose address is already registered to sign in instead (409)', async () => {
    stubNetwork(() => ({ status: 409, body: { statusCode: 409, error: 'Conflict', message: 'Email already registered' } }))
    const onSignedUp = vi.fn()
    const { user } = renderWithApp(<SignUp onSignedUp={onSignedUp} />)
    await fillMainFields(user)
    await user.selectOptions(screen.getByLabelText(/Preferred location/), 'Gainesville')
    const submit = screen.getByRole('button', { name: 'Create Account' })
    await user.click(submit)

    expect(await screen.findByText('Sign up failed')).toBeInTheDocument()
    expect(screen.getByText('An account with this email already exists. Please try signing in instead.')).toBeInTheDocument()
    expect(onSignedUp).not.toHaveBeenCalled()
    expect(submit).toBeEnabled()
  })

  it('offers to load the locations again when they failed to load', async () => {
    const retry = vi.fn()
    const { user } = renderWithApp(<SignUp state={{ error: new Error('Network down.'), retry }} />)
    expect(screen.getByLabelText(/Preferred location/)).toBeDisabled()
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load locations. Network down.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(retry).toHaveBeenCalledOnce()
  })
})
