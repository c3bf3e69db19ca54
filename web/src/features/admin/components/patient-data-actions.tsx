import { RECORDS_KEPT_AFTER_DELETION } from '@hearing/contracts'
import { useState } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { datedFilename, downloadJson } from '@/lib/download'
import { notify } from '@/lib/notify'
import type { User } from '@/types/user'

import { erasePatient, getPatientData } from '../api/patient-data'
import { theme } from '@/config/theme'

interface PatientDataActionsProps {
  user: User
  /** How the person is named to staff (accessible names say whose account a button acts on). */
  name: string
  /** After the account was deleted (the list drops it). */
  onErased?: () => void
}

/**
 * Staff acting on a patient's own data on their behalf, both recorded in the audit
 * trail: download everything the practice holds about them, and delete the account (after a
 * confirmation naming what is kept and why). For customer accounts; placed on a user row or page.
 */
export function PatientDataActions({ user, name, onErased }: PatientDataActionsProps) {
  const [busy, setBusy] = useState<'download' | 'erase' | null>(null)
  const [confirming, setConfirming] = useState(false)

  // Buttons stay enabled (a disabled one would drop keyboard focus); a second press while busy does nothing.
  const download = async () => {
    if (busy) return
    setBusy('download')
    try {
      downloadJson(datedFilename(`patient-data-${user.id}`), await getPatientData(user.id))
    } catch (err) {
      notify.error('Download failed', err instanceof Error ? err.message : 'Please try again.')
    } finally {
      setBusy(null)
    }
  }

  const erase = async () => {
    if (busy) return
    setBusy('erase')
    try {
      const result = await erasePatient(user.id)
      notify.success(
        'Account deleted',
        result.status === 'completed' ? `${name}'s account and personal data were erased.` : `${name}'s account was deleted; the rest of their data is being erased (retried automatically).`,
      )
      onErased?.()
    } catch (err) {
      notify.error('Account not deleted', err instanceof Error ? err.message : 'Please try again.')
    } finally {
      setBusy(null)
    }
  }

  return (
    <Row>
      <Button $variant="secondary" aria-busy={busy === 'download' || undefined} onClick={() => void download()}>
        {busy === 'download' ? 'Preparing...' : 'Download data'}
        <VisuallyHidden> of {name}</VisuallyHidden>
      </Button>
      <Button $variant="secondary" aria-busy={busy === 'erase' || undefined} onClick={() => setConfirming(true)}>
        {busy === 'erase' ? 'Deleting...' : 'Delete account'}
        <VisuallyHidden> of {name}</VisuallyHidden>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${name}'s account?`}
        description={
          <>
            <p>Do this only when the patient has asked for it. Their account and personal data are erased everywhere; this cannot be undone.</p>
            <p>Kept, without their name or contact details: {Object.values(RECORDS_KEPT_AFTER_DELETION).map((k) => k.what.toLowerCase()).join('; ')}.</p>
          </>
        }
        keepLabel="Keep the account"
        confirmLabel="Delete account"
        onConfirm={() => void erase()}
      />
    </Row>
  )
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`
