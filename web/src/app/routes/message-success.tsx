import { ConfirmationPage } from '@/components/layout/confirmation-page'
import { paths } from '@/config/paths'
import { practice } from '@/content/practice'
import { useDocumentTitle } from '@/lib/use-document-title'

/** /message-success: after the contact form (SPEC §2 "Confirmation pages"; the reply promise of §9). */
export default function MessageSuccessPage() {
  useDocumentTitle('Message Sent Successfully!')

  return (
    <ConfirmationPage
      title="Message Sent Successfully!"
      actions={[
        { label: 'Return to Home', href: paths.home.getHref() },
        { label: 'Contact Us Again', href: paths.contactUs.getHref() },
        { label: 'Book an Appointment', href: paths.bookAppointment.getHref() },
      ]}
    >
      <p>Thank you for reaching out to {practice.name}.</p>
      <p>Our team will get back to you {practice.replyTimes.email}.</p>
    </ConfirmationPage>
  )
}
