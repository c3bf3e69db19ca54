import { CLINICS } from '@hearing/contracts'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import styled from 'styled-components'

import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { paths } from '@/config/paths'
import { ApiError } from '@/lib/api-client'
import { cancelByLink, statusTone, useCancelLink } from '@/lib/appointments'
import { phoneHref } from '@/lib/clinic-display'
import { notify } from '@/lib/notify'
import { appointmentTypeName } from '@/i18n/booking'
import { appointmentWhen, t } from '@/i18n/patient'
import { theme } from '@/config/theme'

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
      notify.error(t('appt.cancelFailed.title'), err instanceof Error && err.message ? err.message : t('appt.cancelFailed.text'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Container>
      <Page>
        <h1>{t('link.title')}</h1>
        {!token || (error && !data) ? (
          <Problem role="alert">
            <p>
              <strong>{linkProblem(token, error)}</strong>
            </p>
            <p>{t('link.callUs')}</p>
            <Phones>
              {CLINICS.map((clinic) => (
                <li key={clinic.uid}>
                  {clinic.town}: <a href={phoneHref(clinic.phone)}>{clinic.phone}</a>
                </li>
              ))}
            </Phones>
            <p>
              <Link to={paths.home.getHref()}>{t('link.home')}</Link>
            </p>
          </Problem>
        ) : !data ? (
          <p role="status">{t('link.loading')}</p>
        ) : (
          <Card>
            <p>
              <strong>{appointmentTypeName(data.appointment_type)}</strong> {t('link.atClinic', { clinic: data.location_name ?? '' })}
              <br />
              {appointmentWhen(data)}
            </p>
            <p>
              {t('link.status')} <Badge $tone={statusTone[data.status]}>{t(`appt.status.${data.status}`)}</Badge>
            </p>
            {data.status === 'cancelled' ? (
              <p role="status">{t('link.isCancelled')}</p>
            ) : data.can_cancel ? (
              <>
                <p>{t('link.canCancel')}</p>
                <div>
                  <Button onClick={() => void cancel()} disabled={busy} aria-busy={busy || undefined}>
                    {busy ? t('link.cancelling') : t('link.cancel')}
                  </Button>
                </div>
              </>
            ) : (
              <p>{t('link.tooLate')}</p>
            )}
            <p>
              <Link to={paths.bookAppointment.getHref()}>{t('link.bookAnother')}</Link> · <Link to={paths.home.getHref()}>{t('link.home')}</Link>
            </p>
          </Card>
        )}
      </Page>
    </Container>
  )
}

/** What went wrong with the link, in the patient's words (never the server's field names). */
function linkProblem(token: string | null, error: unknown): string {
  if (!token) return t('link.incomplete')
  // 4xx: the link is malformed, unknown or used up; anything else is our side or the connection.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return t('link.invalid')
  return t('link.lookupFailed')
}

const Problem = styled.div`
  display: grid;
  gap: ${theme.space[2]};
  p {
    margin: 0;
  }
`

const Phones = styled.ul`
  margin: 0;
  padding-left: ${theme.space[5]};
  font-size: ${theme.fontSizes.lg};
`

const Page = styled.div`
  max-width: 40rem;
  margin: 0 auto;
  padding-block: ${theme.space[6]} ${theme.space[8]};
`

const Card = styled.div`
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  overflow-wrap: anywhere;

  p:first-child {
    margin-top: 0;
  }
`
