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

import { cancelMyAppointment, statusTone, useMyAppointments } from '@/lib/appointments'
import { appointmentTypeName } from '@/i18n/booking'
import { appointmentWhen, t } from '@/i18n/patient'
import { theme } from '@/config/theme'

/** /profile's "My Appointments": upcoming ones (cancellable) and past ones, all in the clinic's time. */
export function MyAppointments() {
  const { data, error, mutate } = useMyAppointments()

  return (
    <Section aria-labelledby="my-appointments-heading">
      <h2 id="my-appointments-heading">{t('appt.heading')}</h2>
      {error && !data ? (
        <p role="alert">{t('appt.loadFailed')}</p>
      ) : !data ? (
        <p role="status">{t('appt.loading')}</p>
      ) : (
        <>
          <h3>{t('appt.upcoming')}</h3>
          {data.upcoming.length === 0 ? (
            <p>
              {t('appt.none')} <ButtonLink to={paths.bookAppointment.getHref()} $variant="secondary">{t('appt.book')}</ButtonLink>
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
              <h3>{t('appt.past')}</h3>
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
  const type = appointmentTypeName(a.appointment_type)
  const clinic = a.location_name ?? t('appt.ourClinic')
  const when = appointmentWhen(a)
  const cancel = async () => {
    setBusy(true)
    try {
      await cancelMyAppointment(a.id)
      notify.success(t('appt.cancelled.title'), t('appt.cancelled.text'))
      onCancelled?.()
    } catch (error) {
      notify.error(t('appt.cancelFailed.title'), error instanceof Error && error.message ? error.message : t('appt.cancelFailed.text'))
      onCancelled?.()
    } finally {
      setBusy(false)
    }
  }
  return (
    <CardRowItem>
      <div>
        <strong>{type}</strong> {t('appt.atClinic', { clinic })}
        <br />
        {when}
        {a.hearing_self_check ? <SelfCheckRecord result={a.hearing_self_check} /> : null}
      </div>
      <CardActions>
        <Badge $tone={statusTone[a.status]}>{t(`appt.status.${a.status}`)}</Badge>
        {a.can_cancel && onCancelled ? (
          <>
            <Button $variant="secondary" onClick={() => setAsking(true)} disabled={busy} aria-label={t('appt.cancel.label', { type, when })}>
              {t('appt.cancel')}
            </Button>
            <ConfirmDialog
              open={asking}
              onOpenChange={setAsking}
              title={t('appt.dialog.title')}
              description={t('appt.dialog.text', { type, clinic, when })}
              keepLabel={t('appt.dialog.keep')}
              confirmLabel={t('appt.dialog.confirm')}
              onConfirm={() => void cancel()}
            />
          </>
        ) : null}
      </CardActions>
    </CardRowItem>
  )
}

const Section = styled.section`
  margin-top: ${theme.space[7]};
`

const List = styled(CardList)`
  margin-bottom: ${theme.space[5]};
`
