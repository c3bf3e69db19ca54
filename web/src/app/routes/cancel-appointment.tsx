import { CLINICS } from '@hearing/contracts'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import styled from 'styled-components'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { cancelByLink, statusText, statusTone, useCancelLink } from '@/lib/appointments'
import { phoneHref } from '@/lib/clinic-display'
import { notify } from '@/lib/notify'

/**
 * /cancel-appointment?token=…: where the confirmation e-mail's cancel link lands. It shows which
 * appointment the link is for and cancels it only when the patient presses the button (mail
 * scanners open links; opening one changes nothing).
 */
export default function CancelAppointmentPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const { data, error, mutate } = useCancelLink(token)
  const [busy, setBusy] = useState(false)

  const cancel = async () => {
    if (!token) return
    setBusy(true)
    try {
      await mutate(await cancelByLink(token), { revalidate: false })
    } catch (err) {
      notify.error('Could not cancel', err instanceof Error && err.message ? err.message : 'Please try again or call the clinic.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Container>
      <Page>
        <h1>Cancel your appointment</h1>
        {!token || (error && !data) ? (
          <Problem role="alert">
            <p>
              <strong>{linkProblem(token, error)}</strong>
            </p>
            <p>To change or cancel your appointment, please call your clinic. We are glad to help.</p>
            <Phones>
              {CLINICS.map((clinic) => (
                <li key={clinic.uid}>
                  {clinic.town}: <a href={phoneHref(clinic.phone)}>{clinic.phone}</a>
                </li>
              ))}
            </Phones>
            <p>
              <Link to={paths.home.getHref()}>Return to Home</Link>
            </p>
          </Problem>
        ) : !data ? (
          <p role="status">Loading your appointment...</p>
        ) : (
          <Card>
            <p>
              <strong>{data.appointment_type}</strong> at our {data.location_name ?? ''} clinic
              <br />
              {data.when}
            </p>
            <p>
              Status: <Badge $tone={statusTone[data.status]}>{statusText[data.status]}</Badge>
            </p>
            {data.status === 'cancelled' ? (
              <p role="status">This appointment is cancelled. We have let the clinic know. You are welcome to book another time whenever you like.</p>
            ) : data.can_cancel ? (
              <>
                <p>If you can no longer come, cancel it here so another patient can have the time.</p>
                <div>
                  <Button onClick={() => void cancel()} disabled={busy} aria-busy={busy || undefined}>
                    {busy ? 'Cancelling...' : 'Cancel this appointment'}
                  </Button>
                </div>
              </>
            ) : (
              <p>This appointment can no longer be cancelled online. Please call the clinic.</p>
            )}
            <p>
              <Link to={paths.bookAppointment.getHref()}>Book another appointment</Link> · <Link to={paths.home.getHref()}>Return to Home</Link>
            </p>
          </Card>
        )}
      </Page>
    </Container>
  )
}

/** What went wrong with the link, in the patient's words (never the server's field names). */
function linkProblem(token: string | null, error: unknown): string {
  if (!token) return 'This cancel link is incomplete. Please open the link from the e-mail again.'
  // 4xx: the link is malformed, unknown or used up; anything else is our side or the connection.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return 'This cancel link is invalid or has expired.'
  return 'We could not look up your appointment just now. Please try again in a few minutes.'
}

const Problem = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  p {
    margin: 0;
  }
`

const Phones = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`

const Page = styled.div`
  max-width: 40rem;
  margin: 0 auto;
  padding-block: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[8]};
`

const Card = styled.div`
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  overflow-wrap: anywhere;

  p:first-child {
    margin-top: 0;
  }
`
