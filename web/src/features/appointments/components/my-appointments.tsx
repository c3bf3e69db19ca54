import type { Appointment } from '@hearing/contracts'
import { useState } from 'react'
import styled from 'styled-components'

import { Badge } from '@/components/ui/badge'
import { Button, ButtonLink } from '@/components/ui/button'
import { CardActions, CardList, CardRowItem } from '@/components/ui/card-list'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { SelfCheckRecord } from '@/components/ui/self-check-answers'
import { paths } from '@/config/paths'
import { notify } from '@/lib/notify'

import { cancelMyAppointment, statusText, statusTone, useMyAppointments } from '@/lib/appointments'

/** /profile's "My Appointments": upcoming ones (cancellable) and past ones, all in the clinic's time. */
export function MyAppointments() {
  const { data, error, mutate } = useMyAppointments()

  return (
    <Section aria-labelledby="my-appointments-heading">
      <h2 id="my-appointments-heading">My Appointments</h2>
      {error && !data ? (
        <p role="alert">Failed to load your appointments.</p>
      ) : !data ? (
        <p role="status">Loading your appointments...</p>
      ) : (
        <>
          <h3>Upcoming</h3>
          {data.upcoming.length === 0 ? (
            <p>
              You have no upcoming appointments. <ButtonLink to={paths.bookAppointment.getHref()} $variant="secondary">Book Appointment</ButtonLink>
            </p>
          ) : (
            <List>
              {data.upcoming.map((a) => (
                <AppointmentRow key={a.id} appointment={a} onCancelled={() => void mutate()} />
              ))}
            </List>
          )}
          {data.past.length > 0 ? (
            <>
              <h3>Past and cancelled</h3>
              <List>
                {data.past.map((a) => (
                  <AppointmentRow key={a.id} appointment={a} />
                ))}
              </List>
            </>
          ) : null}
        </>
      )}
    </Section>
  )
}

function AppointmentRow({ appointment: a, onCancelled }: { appointment: Appointment; onCancelled?: () => void }) {
  const [busy, setBusy] = useState(false)
  const [asking, setAsking] = useState(false)
  const cancel = async () => {
    setBusy(true)
    try {
      await cancelMyAppointment(a.id)
      notify.success('Appointment cancelled', 'We have let the clinic know. You will receive a confirmation e-mail.')
      onCancelled?.()
    } catch (error) {
      notify.error('Could not cancel', error instanceof Error && error.message ? error.message : 'Please try again or call the clinic.')
      onCancelled?.()
    } finally {
      setBusy(false)
    }
  }
  return (
    <CardRowItem>
      <div>
        <strong>{a.appointment_type}</strong> at {a.location_name ?? 'our clinic'}
        <br />
        {a.when}
        {a.hearing_self_check ? <SelfCheckRecord result={a.hearing_self_check} /> : null}
      </div>
      <CardActions>
        <Badge $tone={statusTone[a.status]}>{statusText[a.status]}</Badge>
        {a.can_cancel && onCancelled ? (
          <>
            <Button $variant="secondary" onClick={() => setAsking(true)} disabled={busy} aria-label={`Cancel ${a.appointment_type} on ${a.when}`}>
              Cancel
            </Button>
            <ConfirmDialog
              open={asking}
              onOpenChange={setAsking}
              title="Cancel this appointment?"
              description={`Your ${a.appointment_type} appointment at ${a.location_name ?? 'our clinic'} on ${a.when} will be cancelled and the time offered to another patient.`}
              keepLabel="Keep Appointment"
              confirmLabel="Cancel Appointment"
              onConfirm={() => void cancel()}
            />
          </>
        ) : null}
      </CardActions>
    </CardRowItem>
  )
}

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space[7]};
`

const List = styled(CardList)`
  margin-bottom: ${({ theme }) => theme.space[5]};
`
