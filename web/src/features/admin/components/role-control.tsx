import { useId, useRef, useState } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { Select } from '@/components/ui/form-controls'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { ROLES, type Role, type User } from '@/types/user'
import { theme } from '@/config/theme'

interface RoleControlProps {
  user: User
  /** How the person is named to staff: full name, else the e-mail address. */
  name: string
  /** A change (or its undo) is on its way to the server. */
  busy: boolean
  /** The role this person had before the last change made from here: offers Undo. */
  undoTo: Role | null
  /** Changes the role on the server (`undoing`: back to undoTo); resolves once done (or failed, already told). */
  onChange: (user: User, role: Role, undoing?: boolean) => Promise<void>
}

/**
 * A role change is a deliberate act: the select only chooses, "Change role"
 * opens a dialog naming the person and both roles, and only its confirm button changes anything.
 * An arrow key on the select therefore changes nothing on the server. Afterwards focus returns to
 * the select (never disabled, so it can hold focus while the change is saved), and the row offers
 * Undo until the next change.
 */
export function RoleControl({ user, name, busy, undoTo, onChange }: RoleControlProps) {
  const [chosen, setChosen] = useState<Role>(user.role)
  const [confirming, setConfirming] = useState(false)
  const select = useRef<HTMLSelectElement>(null)
  const hintId = useId()
  // The server's answer (a refresh, an undo) wins over a choice not yet confirmed.
  const [shown, setShown] = useState(user.role)
  if (shown !== user.role) {
    setShown(user.role)
    setChosen(user.role)
  }

  const confirm = async () => {
    setConfirming(false)
    await onChange(user, chosen)
  }

  return (
    <Controls>
      <RoleSelect
        ref={select}
        aria-label={`Role for ${name}`}
        aria-describedby={hintId}
        value={chosen}
        aria-busy={busy || undefined}
        onChange={(e) => setChosen(e.target.value as Role)}
      >
        {ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </RoleSelect>
      <VisuallyHidden id={hintId}>Choose a role, then press Change role to confirm it.</VisuallyHidden>
      <Button $variant="secondary" disabled={busy || chosen === user.role} onClick={() => setConfirming(true)}>
        Change role<VisuallyHidden> for {name}</VisuallyHidden>
      </Button>
      {undoTo && undoTo !== user.role ? (
        <Button $variant="secondary" disabled={busy} onClick={() => void onChange(user, undoTo, true).then(() => select.current?.focus())}>
          Undo<VisuallyHidden> role change for {name}</VisuallyHidden>
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={`Change ${name}'s role?`}
        confirmLabel={`Change role to ${chosen}`}
        onConfirm={() => void confirm()}
        onOpenChange={(open) => {
          if (!open) setConfirming(false)
        }}
        onClosed={() => select.current?.focus()}
        description={
          <>
            <p>
              {name} ({user.email}) will be <strong>{chosen}</strong> instead of <strong>{user.role}</strong>.
            </p>
            <p>They are signed out everywhere, so the new role applies when they next sign in.</p>
          </>
        }
      />
    </Controls>
  )
}

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  align-items: center;
`

const RoleSelect = styled(Select)`
  width: auto;
  min-width: 9rem;
  text-transform: capitalize;
`
