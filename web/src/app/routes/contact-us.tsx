import styled from 'styled-components'

import { ContactDetails } from '@/components/layout/contact-details'
import { OpeningHours } from '@/components/layout/opening-hours'
import { Container } from '@/components/ui/container'
import { PageHero } from '@/components/ui/page-hero'
import { ContactForm } from '@/features/contact/components/contact-form'
import { useLocations } from '@/features/locations/api/get-locations'
import { officeHours } from '@/lib/clinic-display'
import { useDocumentTitle } from '@/lib/use-document-title'
import { t } from '@/i18n/contact'
import { t as tForms } from '@/i18n/forms'
import { t as tNav } from '@/i18n/layout'
import { theme } from '@/config/theme'

/** /contact-us (SPEC §2 "Contact"): the form, and every other way to reach the practice. */
export default function ContactUsPage() {
  useDocumentTitle(tNav('nav.contactUs'))
  const locations = useLocations()

  return (
    <>
      <PageHero title={t('contact.hero.title')}>
        <p>{t('contact.hero.text', { reply: tForms('forms.reply.form') })}</p>
      </PageHero>
      <Container>
        <Layout>
          <section aria-labelledby="contact-form-heading">
            <h2 id="contact-form-heading">{t('contact.form.heading')}</h2>
            <ContactForm locations={locations} />
          </section>
          <Aside aria-labelledby="contact-ways-heading">
            <h2 id="contact-ways-heading">{t('contact.ways.heading')}</h2>
            <ContactDetails />
            <h3>{t('contact.hours')}</h3>
            <OpeningHours hours={officeHours} />
          </Aside>
        </Layout>
      </Container>
    </>
  )
}

const Layout = styled.div`
  display: grid;
  gap: ${theme.space[8]};
  padding-block: ${theme.space[8]};

  ${theme.media.fromDesktop} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  }
`

const Aside = styled.section`
  display: grid;
  align-content: start;
  gap: ${theme.space[3]};
`
