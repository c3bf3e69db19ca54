import { ConfirmationPage } from '@/components/layout/confirmation-page'
import { paths } from '@/config/paths'
import { practice } from '@/content/practice'
import { useDocumentTitle } from '@/lib/use-document-title'
import { t } from '@/i18n/confirmation'

/** /appointment-success: after a booking request (SPEC §2 "Confirmation pages", §4 "Public booking"). */
export default function AppointmentSuccessPage() {
  useDocumentTitle(t('confirmation.appointment.title'))

  return (
    <ConfirmationPage
      title={t('confirmation.appointment.title')}
      actions={[
        { label: t('confirmation.home'), href: paths.home.getHref() },
        { label: t('confirmation.appointment.again'), href: paths.bookAppointment.getHref() },
      ]}
    >
      <p>{t('confirmation.appointment.thanks', { practice: practice.name })}</p>
      <p>{t('confirmation.appointment.pending')}</p>
    </ConfirmationPage>
  )
}
