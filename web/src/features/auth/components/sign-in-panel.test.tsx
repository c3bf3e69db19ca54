import { screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'

import { stubNetwork } from '@/testing/network'
import { renderWithApp } from '@/testing/render'

import { SignInPanel } from './sign-in-panel'

function Panel() {
  const [busy, setBusy] = useState(false)
  return <SignInPanel busy={busy} setBusy={setBusy} />
}

describe('sign-in panel', () => {
  it('signs in with the trimmed address and says why when the password is wrong', async () => {
    const sent = stubNetwork(() => ({ status: 401, body: { message: 'Invalid email or password.' } }))
    const { user } = renderWithApp(<Panel />)
    const form = screen.getByRole('form', { name: 'Sign in' })
    await user.type(screen.getByLabelText(/^Email/), ' fay@example.com ')
    await user.type(screen.getByLabelText(/^Password/), 'Granite-Harbor-31')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Sign in failed')).toBeInTheDocument()
    expect(screen.getByText('Invalid email or password.')).toBeInTheDocument()
    expect(sent[0]).toEqual({ method: 'POST', path: '/identity/sign-in', body: { email: 'fay@example.com', password: 'Granite-Harbor-31' } })
    expect(form).toBeInTheDocument()
  })

  it('asks an unconfirmed account to confirm first, and sends the link again', async () => {
    const sent = stubNetwork(({ path }) =>
      path === '/identity/sign-in'
        ? { status: 403, body: { code: 'email_not_confirmed', message: 'Please confirm your email address.' } }
        : { status: 202, body: { status: 'sent' } },
    )
    const { user } = renderWithApp(<Panel />)
    await user.type(screen.getByLabelText(/^Email/), 'una@example.com')
    await user.type(screen.getByLabelText(/^Password/), 'Copper-Kettle-17')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    const notice = await screen.findByRole('alert')
    expect(notice).toHaveTextContent('Please confirm your email address first.')
    expect(notice).toHaveTextContent('We sent a confirmation link to una@example.com')
    expect(notice).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }))
    expect(await screen.findByText('We have sent a new confirmation link. Please check your email (and your spam folder).')).toBeInTheDocument()
    expect(sent.at(-1)).toEqual({ method: 'POST', path: '/identity/resend-confirmation', body: { email: 'una@example.com' } })
  })

  it('"Forgot password?" keeps the address, focuses its heading and answers the same for any address', async () => {
    const sent = stubNetwork(() => ({ status: 202 }))
    const { user } = renderWithApp(<Panel />)
    await user.type(screen.getByLabelText(/^Email/), 'fay@example.com')
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }))
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toHaveFocus()
    const email = screen.getByLabelText(/^Email/)
    expect(email).toHaveValue('fay@example.com')
    await user.type(email, ' ')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for fay@example.com, we have sent it a link')
    expect(sent).toEqual([{ method: 'POST', path: '/identity/password-reset/request', body: { email: 'fay@example.com' } }])

    // Back to sign in: the address is still there and the email field has focus.
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }))
    const signInEmail = screen.getByLabelText(/^Email/)
    expect(signInEmail).toHaveValue('fay@example.com')
    expect(signInEmail).toHaveFocus()
  })
})
