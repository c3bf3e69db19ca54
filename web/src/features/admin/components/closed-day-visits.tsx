import type { ClosedDate } from '@hearing/contracts'
import { useState } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { cancelClosedDayVisits, revalidateStaffAppointments } from '@/lib/appointments'
import { notify } from '@/lib/notify'
import { theme } from '@/config/theme'

/** A clinic date as staff read it: "Tuesday, December 1, 2026". */
export const dayLabel = (date: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
const visitsWord = (n: number) => (n === 1 ? '1 visit' : `${n} visits`)
const reasonOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Please try again.')

/** What a closure says about the visits still booked on it: they stay until staff move or cancel them. */
export function closureSummary(closure: Pick<ClosedDate, 'location_name' | 'location_uid' | 'reason' | 'visits_booked'>): string {
  const clinic = closure.location_name ?? closure.location_uid
  const closed = `${clinic} is closed${closure.reason ? ` (${closure.reason})` : ''}.`
  if (closure.visits_booked === 0) return closed
  return `${closed} ${visitsWord(closure.visits_booked)} still booked: no reminders go out for ${closure.visits_booked === 1 ? 'it' : 'them'}. Move or cancel each, or cancel them all.`
}

/**
 * "Cancel all" for a closed day's visits, asked first: each patient is e-mailed that the visit is
 * cancelled because the clinic is closed that day.
 */
export function CancelClosedDayVisits({ closure }: { closure: ClosedDate }) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const clinic = closure.location_name ?? closure.location_uid
  const n = closure.visits_booked
  if (n === 0) return null

  const cancelAll = async () => {
    setBusy(true)
    try {
      const { cancelled } = await cancelClosedDayVisits(closure.location_uid, closure.date)
      notify.success('Visits cancelled', `${visitsWord(cancelled.length)} at ${clinic} on ${dayLabel(closure.date)} cancelled; each patient was e-mailed.`)
    } catch (error) {
      notify.error('Error', reasonOf(error))
    } finally {
      setBusy(false)
      void revalidateStaffAppointments()
    }
  }

  return (
    <>
      <Button $variant="danger" aria-disabled={busy || undefined} onClick={() => busy || setOpen(true)} aria-label={`Cancel all ${visitsWord(n)}: ${clinic}, ${dayLabel(closure.date)}`}>
        Cancel all {visitsWord(n)}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Cancel ${visitsWord(n)} at ${clinic} on ${dayLabel(closure.date)}?`}
        description={<p>Each patient is e-mailed that the visit is cancelled because the clinic is closed that day, with a calendar file that removes it.</p>}
        confirmLabel={`Cancel ${visitsWord(n)}`}
        keepLabel="Keep them"
        onConfirm={() => void cancelAll()}
      />
    </>
  )
}

/** A closed day on the schedule: the closure, what it means for the visits still booked, and "Cancel all". */
export function ClosedDayNotice({ closure }: { closure: ClosedDate }) {
  return (
    <Notice role="note" aria-label={`Closed: ${closure.location_name ?? closure.location_uid}`}>
      <p>{closureSummary(closure)}</p>
      <CancelClosedDayVisits closure={closure} />
    </Notice>
  )
}

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${theme.space[3]};
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: 4px solid ${theme.colors.danger};
  background: ${theme.colors.dangerSoft};
  color: ${theme.colors.text};

  p {
    margin: 0;
  }
`
