import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { stubNetwork } from '@/testing/network'
import { renderWithApp } from '@/testing/render'
import type { User } from '@/types/user'

import { ProfileForm } from './profile-form'

const profile: User = {
  id: 'u1',
  email: 'rosa@example.com',
  email_verified: true,
  role: 'customer',
  first_name: 'Rosa',
  last_name: 'Whitfield',
  full_name: 'Rosa Whitfield',
  phone: '(770) 555-0142',
  address_line1: '12 Lakeview Drive',
  address_line2: null,
  city: 'Dawsonville',
  state: 'GA',
  zip_code: '30534',
  preferred_location_uid: 'loc-dawsonville',
  language: 'en',
  created_at: '2026-01-01T00:00:00Z',
}

const locations = [
  { uid: 'loc-gainesville', name: 'Gainesville' },
  { uid: 'loc-dawsonville', name: 'Dawsonville' },
]

describe('profile form', () => {
  it('shows email and phone read-only, with the way to ask for a change', () => {
    stubNetwork(() => undefined)
    renderWithApp(<ProfileForm profile={profile} locations={locations} onSaved={() => {}} />)
    const email = screen.getByLabelText('Email')
    expect(email).toHaveValue('rosa@example.com')
    expect(email).toHaveAttribute('readonly')
    expect(screen.getByLabelText('Phone')).toHaveAttribute('readonly')
    expect(email).toHaveAccessibleDescription(/can't be changed here/)
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact-us')
  })

  it('offers Reset only after a change, and Reset restores the saved values', async () => {
    stubNetwork(() => undefined)
    const { user } = renderWithApp(<ProfileForm profile={profile} locations={locations} onSaved={() => {}} />)
    const reset = screen.getByRole('button', { name: 'Reset' })
    expect(reset).toBeDisabled()
    await user.clear(screen.getByLabelText(/First name/))
    await user.type(screen.getByLabelText(/First name/), 'Rosalind')
    await user.selectOptions(screen.getByLabelText('Preferred location'), 'Gainesville')
    expect(reset).toBeEnabled()
    await user.click(reset)
    expect(screen.getByLabelText(/First name/)).toHaveValue('Rosa')
    expect(screen.getByLabelText('Preferred location')).toHaveValue('loc-dawsonville')
    expect(reset).toBeDisabled()
  })

  it('saves trimmed names, clears emptied fields, and takes the saved copy as the new baseline', async () => {
    const saved: User = { ...profile, first_name: 'Rosalind', city: null, preferred_location_uid: 'loc-gainesville' }
    const sent = stubNetwork(() => ({ status: 200, body: saved }))
    const onSaved = vi.fn()
    const { user, rerender } = renderWithApp(<ProfileForm profile={profile} locations={locations} onSaved={onSaved} />)
    await user.clear(screen.getByLabelText(/First name/))
    await user.type(screen.getByLabelText(/First name/), ' Rosalind ')
    await user.clear(screen.getByLabelText('City'))
    await user.selectOptions(screen.getByLabelText('Preferred location'), 'Gainesville')
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))

    expect(await screen.findByText('Profile Updated')).toBeInTheDocument()
    expect(screen.getByText('Your profile has been updated successfully.')).toBeInTheDocument()
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/identity/me',
        body: {
          first_name: 'Rosalind',
          last_name: 'Whitfield',
          address_line1: '12 Lakeview Drive',
          address_line2: null,
          city: null,
          state: 'GA',
          zip_code: '30534',
          preferred_location_uid: 'loc-gainesville',
        },
      },
    ])
    expect(onSaved).toHaveBeenCalledWith(saved)
    rerender(<ProfileForm profile={saved} locations={locations} onSaved={onSaved} />)
    expect(screen.getByLabelText(/First name/)).toHaveValue('Rosalind')
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled()
  })

  it('keeps the saved clinic chosen when the clinic list arrives after the form', () => {
    stubNetwork(() => undefined)
    const { rerender } = renderWithApp(<ProfileForm profile={profile} locations={undefined} onSaved={() => {}} />)
    expect(screen.getByLabelText('Preferred location')).toHaveValue('loc-dawsonville')
    rerender(<ProfileForm profile={profile} locations={locations} onSaved={() => {}} />)
    expect(screen.getByLabelText('Preferred location')).toHaveDisplayValue('Dawsonville')
    expect(screen.queryByRole('option', { name: 'Your current clinic' })).not.toBeInTheDocument()
  })

  it('keeps a saved clinic that is not in the list', () => {
    stubNetwork(() => undefined)
    const withClosedClinic = { ...profile, preferred_location_uid: 'loc-closed' }
    renderWithApp(<ProfileForm profile={withClosedClinic} locations={locations} onSaved={() => {}} />)
    expect(screen.getByLabelText('Preferred location')).toHaveValue('loc-closed')
    expect(screen.getByRole('option', { name: 'Your current clinic' })).toBeInTheDocument()
  })

  it('says so when saving fails', async () => {
    stubNetwork(() => ({ status: 500 }))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderWithApp(<ProfileForm profile={profile} locations={locations} onSaved={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findByText('Update Failed')).toBeInTheDocument()
    expect(screen.getByText('Failed to update your profile. Please try again.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled()
  })
})
