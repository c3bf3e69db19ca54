import { useState } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { notify } from '@/lib/notify'
import type { User } from '@/types/user'

import { resendConfirmation, sendPasswordResetLink, type AccountEmailSent } from '../api/users'
import { theme } from '@/config/theme'

const SENT: Record<AccountEmailSent['sent'], string> = {
  confirm: 'A new confirmation link was sent to',
  invite: 'The invitation to set up the account was sent again to',
  reset: 'A password reset link was sent to',
}

interface AccountEmailActionsProps {
  user: User
  /** How the person is named to staff (accessible names say whose account a button acts on). */
  name: string
}

/**
 * E-mails staff send on a patient's behalf: the confirmation again while the address is
 * unconfirmed (an invitation for an account without a password), and a password-reset link. The
 * links go to the patient's own address; staff are told it was sent, never shown the link.
 */
export function AccountEmailActions({ user, name }: AccountEmailActionsProps) {
  const [busy, setBusy] = useState<'confirm' | 'reset' | null>(null)

  // Buttons stay enabled (a disabled one would drop keyboard focus); a second press while busy does nothing.
  const run = async (what: 'confirm' | 'reset') => {
    if (busy) return
    setBusy(what)
    try {
      const { sent } = await (what === 'confirm' ? resendConfirmation : sendPasswordResetLink)(user.id)
      notify.success('Email sent', `${SENT[sent]} ${user.email}.`)
    } catch (err) {
      notify.error('Email not sent', err instanceof Error ? err.message : 'Please try again.')
    } finally {
      setBusy(null)
    }
  }

  return (
    <Row>
      {user.email_verified ? null : (
        <Button $variant="secondary" aria-busy={busy === 'confirm' || undefined} onClick={() => void run('confirm')}>
          {busy === 'confirm' ? 'Sending...' : 'Resend confirmation'}
          <VisuallyHidden> to {name}</VisuallyHidden>
        </Button>
      )}
      <Button $variant="secondary" aria-busy={busy === 'reset' || undefined} onClick={() => void run('reset')}>
        {busy === 'reset' ? 'Sending...' : 'Send reset link'}
        <VisuallyHidden> to {name}</VisuallyHidden>
      </Button>
    </Row>
  )
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`
