import { CardGrid, IconCard } from '@/components/ui/card-grid'
import { Container } from '@/components/ui/container'
import { Section, SectionHeader } from '@/components/ui/section'
import { values, type Value } from '@/content/values'
import { t } from '@/i18n/about'
import { spanishCopy } from '@/i18n/i18n'

const valuesInPageLanguage = spanishCopy('values')

const icons: Record<Value['title'], string> = {
  // heart
  Compassion:
    'M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z',
  // award ribbon
  Excellence: 'M12 3a5.5 5.5 0 1 1 0 11 5.5 5.5 0 0 1 0-11zM8.5 13.5 7 21l5-2.5 5 2.5-1.5-7.5',
  // people
  Community:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c.5-3.6 3.2-6 6.5-6s6 2.4 6.5 6M16 4.3a3.5 3.5 0 0 1 0 6.4M18 14.3c2 .8 3.2 2.8 3.5 5.7',
}

/** "Our Values" (SPEC §2 "About"): Compassion, Excellence, Community. */
export function ValuesSection() {
  return (
    <Section $tone="surface" aria-labelledby="values-heading">
      <SectionHeader>
        <h2 id="values-heading">{t('about.values.h')}</h2>
        <p>{t('about.values.p')}</p>
      </SectionHeader>
      <Container>
        <CardGrid $desktop={3}>
          {/* The icon goes with the English value (the Spanish copy has the same order). */}
          {valuesInPageLanguage(values).map((value, i) => (
            <IconCard key={values[i]!.title} icon={icons[values[i]!.title]} title={value.title} variant="feature">
              {value.description}
            </IconCard>
          ))}
        </CardGrid>
      </Container>
    </Section>
  )
}
