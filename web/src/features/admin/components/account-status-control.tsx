import type { AdminUser } from '@hearing/contracts'
import { useRef, useState } from 'react'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { notify } from '@/lib/notify'

import { setAccountActive } from '../api/patients'

interface AccountStatusControlProps {
  user: AdminUser
  /** How the person is named to staff. */
  name: string
  onChanged: (user: AdminUser) => void
}

/**
 * Deactivate an account (it cannot sign in, and every session of it ends at once) or reactivate it,
 * after a confirmation that says what happens. Focus returns to the button, which then offers the
 * opposite (the same element: React keeps it).
 */
export function AccountStatusControl({ user, name, onChanged }: AccountStatusControlProps) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  const active = user.deactivated_at === null

  const run = async () => {
    setBusy(true)
    try {
      const changed = await setAccountActive(user.id, !active)
      onChanged(changed)
      notify.success(active ? 'Account deactivated' : 'Account reactivated', active ? `${name} can no longer sign in, and was signed out everywhere.` : `${name} can sign in again.`)
    } catch (err) {
      notify.error(active ? 'Account not deactivated' : 'Account not reactivated', err instanceof Error ? err.message : 'Please try again.')
    } finally {
      setBusy(false)
      button.current?.focus()
    }
  }

  return (
    <>
      <Button ref={button} $variant={active ? 'secondary' : 'primary'} aria-busy={busy || undefined} onClick={() => !busy && setOpen(true)}>
        {busy ? 'Saving...' : active ? 'Deactivate account' : 'Reactivate account'}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={active ? `Deactivate ${name}'s account?` : `Reactivate ${name}'s account?`}
        description={
          active ? (
            <p>
              {name} ({user.email}) will be signed out everywhere at once and cannot sign in until the account is reactivated. Their appointments, orders and
              messages stay as they are.
            </p>
          ) : (
            <p>
              {name} ({user.email}) will be able to sign in again.
            </p>
          )
        }
        confirmLabel={active ? 'Deactivate account' : 'Reactivate account'}
        keepLabel="Cancel"
        onConfirm={() => void run()}
      />
    </>
  )
}
