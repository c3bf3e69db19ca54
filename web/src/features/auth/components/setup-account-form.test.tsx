import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { stubNetwork } from '@/testing/network'
import { renderWithApp } from '@/testing/render'

import { SetupAccountForm } from './setup-account-form'

const session = {
  access_token: 'token',
  expires_in: 900,
  user: { id: 'u1', email: 'ivy@example.com', role: 'customer', first_name: 'Ivy', last_name: 'Invited' },
}

function renderForm(onComplete = vi.fn()) {
  const view = renderWithApp(<SetupAccountForm token="setup-token" invitedEmail="ivy@example.com" onComplete={onComplete} />)
  const password = screen.getByLabelText(/^Password/)
  const confirm = screen.getByLabelText(/Confirm password/)
  const submit = screen.getByRole('button', { name: 'Complete Setup' })
  return { ...view, password, confirm, submit, onComplete }
}

describe('account-setup form', () => {
  it('starts with the invited address', () => {
    stubNetwork(() => undefined)
    renderForm()
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ivy@example.com')
    expect(screen.getByRole('link', { name: 'Sign in here' })).toHaveAttribute('href', '/auth')
  })

  it('asks for the email address when it is emptied', async () => {
    const sent = stubNetwork(() => undefined)
    const { user, submit } = renderForm()
    const email = screen.getByLabelText(/^Email/)
    await user.clear(email)
    await user.type(email, '   ')
    await user.click(submit)
    expect(await screen.findByText('Email Required')).toBeInTheDocument()
    expect(email).toHaveFocus()
    expect(email).toHaveAttribute('aria-invalid', 'true')
    expect(email).toHaveAccessibleDescription('Please enter your email address.')
    expect(sent).toHaveLength(0)
  })

  it('says "Password Mismatch" on the confirmation when the passwords differ, before the length rule', async () => {
    const sent = stubNetwork(() => undefined)
    const { user, password, confirm, submit } = renderForm()
    await user.type(password, 'short')
    await user.type(confirm, 'shorT')
    await user.click(submit)
    expect(await screen.findByText('Password Mismatch')).toBeInTheDocument()
    expect(screen.getAllByText('Passwords do not match. Please try again.').length).toBeGreaterThan(0)
    expect(confirm).toHaveFocus()
    expect(confirm).toHaveAttribute('aria-invalid', 'true')
    expect(password).not.toHaveAttribute('aria-invalid')
    // The message stays while the user corrects the fields, until the next submit.
    await user.type(confirm, 'x')
    expect(confirm).toHaveAttribute('aria-invalid', 'true')
    expect(sent).toHaveLength(0)
  })

  it('asks for a longer password, keeping its hint in the description', async () => {
    const sent = stubNetwork(() => undefined)
    const { user, password, confirm, submit } = renderForm()
    await user.type(password, 'short')
    await user.type(confirm, 'short')
    await user.click(submit)
    expect(await screen.findByText('Password Too Short')).toBeInTheDocument()
    expect(password).toHaveFocus()
    expect(password).toHaveAccessibleDescription('At least 8 characters. Password must be at least 8 characters long.')
    expect(sent).toHaveLength(0)
  })

  it('sets the password, signs in and reports success, staying busy while the page moves on', async () => {
    const sent = stubNetwork(({ path }) => (path === '/identity/account-setup' ? { status: 200, body: session } : undefined))
    const { user, password, confirm, submit, onComplete } = renderForm()
    await user.type(password, 'Maple-Lantern-River-23')
    await user.type(confirm, 'Maple-Lantern-River-23')
    await user.click(submit)
    expect(await screen.findByText('Account Ready')).toBeInTheDocument()
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/identity/account-setup',
      body: { token: 'setup-token', email: 'ivy@example.com', password: 'Maple-Lantern-River-23' },
    })
    expect(onComplete).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: 'Setting up...' })).toBeDisabled()
  })

  it("shows the server's reason when the link is refused", async () => {
    stubNetwork(() => ({ status: 400, body: { message: 'This account setup link is invalid or expired.' } }))
    const { user, password, confirm, submit, onComplete } = renderForm()
    await user.type(password, 'Maple-Lantern-River-23')
    await user.type(confirm, 'Maple-Lantern-River-23')
    await user.click(submit)
    expect(await screen.findByText('Setup Failed')).toBeInTheDocument()
    expect(screen.getByText('This account setup link is invalid or expired.')).toBeInTheDocument()
    expect(onComplete).not.toHaveBeenCalled()
    expect(submit).toBeEnabled()
  })
})
