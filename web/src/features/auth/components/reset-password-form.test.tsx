import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { stubNetwork } from '@/testing/network'
import { renderWithApp } from '@/testing/render'

import { ResetPasswordForm } from './reset-password-form'

function renderForm(onDone = vi.fn()) {
  const view = renderWithApp(<ResetPasswordForm token="reset-token" onDone={onDone} />)
  return {
    ...view,
    onDone,
    password: screen.getByLabelText(/^New password/),
    confirm: screen.getByLabelText(/Confirm new password/),
    submit: screen.getByRole('button', { name: 'Set New Password' }),
  }
}

describe('reset-password form', () => {
  it('says "Passwords do not match" and focuses the confirmation; editing it clears the message', async () => {
    const sent = stubNetwork(() => undefined)
    const { user, password, confirm, submit } = renderForm()
    await user.type(password, 'Velvet-Canyon-64')
    await user.type(confirm, 'Velvet-Canyon-65')
    await user.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent('Passwords do not match')
    expect(confirm).toHaveFocus()
    expect(confirm).toHaveAccessibleDescription('Passwords do not match')
    expect(sent).toHaveLength(0)
    await user.type(confirm, '{Backspace}4')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('sends the new password with the token, then tells the user to sign in with it', async () => {
    const sent = stubNetwork(() => ({ status: 204 }))
    const { user, password, confirm, submit, onDone } = renderForm()
    expect(password).toHaveAttribute('minLength', '8')
    await user.type(password, 'Velvet-Canyon-64')
    await user.type(confirm, 'Velvet-Canyon-64')
    await user.click(submit)
    expect(await screen.findByText('Your password has been changed. Please sign in with your new password.')).toBeInTheDocument()
    expect(sent).toEqual([{ method: 'POST', path: '/identity/password-reset/complete', body: { token: 'reset-token', password: 'Velvet-Canyon-64' } }])
    expect(onDone).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled()
  })

  it('explains a dead link in place, with the way to a new one', async () => {
    stubNetwork(() => ({ status: 400, body: { message: 'This reset link is invalid or has expired.' } }))
    const { user, password, confirm, submit, onDone } = renderForm()
    await user.type(password, 'Velvet-Canyon-64')
    await user.type(confirm, 'Velvet-Canyon-64')
    await user.click(submit)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This reset link is invalid or has expired.')
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/auth')
    expect(onDone).not.toHaveBeenCalled()
    expect(submit).toBeEnabled()
  })
})
