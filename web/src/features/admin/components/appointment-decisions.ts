import type { Appointment } from '@hearing/contracts'

import { decideAppointment, revalidateStaffAppointments } from '@/lib/appointments'
import { notify } from '@/lib/notify'

export type RequestDecision = 'confirm' | 'decline' | 'cancel'

const DONE: Record<RequestDecision, string> = { confirm: 'Appointment confirmed', decline: 'Request declined', cancel: 'Appointment cancelled' }

/**
 * Confirms or declines a request, or cancels a visit, wherever staff see it (the schedule, the
 * requests waiting, Recent Appointments): declining and cancelling are asked once more, as the
 * patient is e-mailed at once. Every staff view then reads again. True when it was done.
 */
export async function decideWithNotice(a: Pick<Appointment, 'id' | 'first_name' | 'last_name' | 'when'>, decision: RequestDecision): Promise<boolean> {
  const name = `${a.first_name} ${a.last_name}`
  if (decision !== 'confirm' && !window.confirm(`${decision === 'decline' ? 'Decline the request' : 'Cancel the appointment'} of ${name} (${a.when})? The patient will be told by e-mail.`)) return false
  try {
    await decideAppointment(a.id, decision)
    notify.success(DONE[decision], `${name} will receive an e-mail.`)
    return true
  } catch (error) {
    notify.error('Error', error instanceof Error && error.message ? error.message : 'Please try again.')
    return false
  } finally {
    // Also after a 409: another staff member decided first, and the views show what they did.
    void revalidateStaffAppointments()
  }
}
