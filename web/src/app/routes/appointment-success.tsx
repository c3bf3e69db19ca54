import { ConfirmationPage } from '@/components/layout/confirmation-page'
import { paths } from '@/config/paths'
import { practice } from '@/content/practice'
import { useDocumentTitle } from '@/lib/use-document-title'

/** /appointment-success: after a booking request (SPEC §2 "Confirmation pages", §4 "Public booking"). */
export default function AppointmentSuccessPage() {
  useDocumentTitle('Appointment Request Sent')

  return (
    <ConfirmationPage
      title="Appointment Request Sent"
      actions={[
        { label: 'Return to Home', href: paths.home.getHref() },
        { label: 'Book Another Appointment', href: paths.bookAppointment.getHref() },
      ]}
    >
      <p>Thank you for choosing {practice.name}. We have received your appointment request.</p>
      <p>
        Online bookings are pending until our staff verify them. We will contact you to confirm your appointment
        time.
      </p>
    </ConfirmationPage>
  )
}
