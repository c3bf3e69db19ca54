import { ConfirmationPage } from '@/components/layout/confirmation-page'
import { paths } from '@/config/paths'
import { practice } from '@/content/practice'
import { useDocumentTitle } from '@/lib/use-document-title'
import { t } from '@/i18n/confirmation'
import { t as tForms } from '@/i18n/forms'

/** /message-success: after the contact form (SPEC §2 "Confirmation pages"; the reply promise of §9). */
export default function MessageSuccessPage() {
  useDocumentTitle(t('confirmation.message.title'))

  return (
    <ConfirmationPage
      title={t('confirmation.message.title')}
      actions={[
        { label: t('confirmation.home'), href: paths.home.getHref() },
        { label: t('confirmation.message.again'), href: paths.contactUs.getHref() },
        { label: t('confirmation.message.book'), href: paths.bookAppointment.getHref() },
      ]}
    >
      <p>{t('confirmation.message.thanks', { practice: practice.name })}</p>
      <p>{t('confirmation.message.reply', { reply: tForms('forms.reply.email') })}</p>
    </ConfirmationPage>
  )
}
