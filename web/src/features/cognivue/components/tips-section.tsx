import { CardGrid, IconCard } from '@/components/ui/card-grid'
import { Container } from '@/components/ui/container'
import { Section, SectionHeader } from '@/components/ui/section'
import { tips, type Tip } from '@/content/tips'
import { t } from '@/i18n/cognivue'
import { spanishCopy } from '@/i18n/i18n'

const tipsInPageLanguage = spanishCopy('tips')

/** Simple line icons, one per tip (decorative). */
const icons: Record<Tip['key'], string> = {
  eat: 'M12 21c-4.5 0-7-3.6-7-8 0-3.2 2-5.5 4.5-5.5 1.2 0 1.9.5 2.5.5s1.3-.5 2.5-.5C17 7.5 19 9.8 19 13c0 4.4-2.5 8-7 8zM12 7.5c0-2 1-3.5 3-4.5',
  exercise: 'M13.5 4.5a1.5 1.5 0 1 0 0-.01M10 20l2-5-3-3 2-4 3 2 3 1M7 11l2-3M12 15l3 5',
  hearing: 'M7 9a5 5 0 0 1 10 0c0 3-3 4-3 7a3 3 0 0 1-6 0M10 9a2 2 0 0 1 4 0',
  connections: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM16 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2.5 20a5.5 5.5 0 0 1 11 0M10.5 20a5.5 5.5 0 0 1 11 0',
  medication: 'M4.9 13.4l8.5-8.5a3.5 3.5 0 0 1 5 5l-8.5 8.5a3.5 3.5 0 0 1-5-5zM9.2 9.2l5 5',
  vision: 'M2 12s3.5-6.5 10-6.5S22 12 22 12s-3.5 6.5-10 6.5S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  sleep: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z',
  mind: 'M9 4a3 3 0 0 0-3 3 3 3 0 0 0-2 5 3 3 0 0 0 2 5 3 3 0 0 0 6 0V6a2 2 0 0 0-3-2zM15 4a3 3 0 0 1 3 3 3 3 0 0 1 2 5 3 3 0 0 1-2 5 3 3 0 0 1-6 0',
}

/** Eight tips for memory health (SPEC §2 "/cognivue", §9 facts). */
export function TipsSection() {
  return (
    <Section $tone="surface" aria-labelledby="tips-heading">
      <SectionHeader>
        <h2 id="tips-heading">{t('cog.tips.h')}</h2>
        <p>{t('cog.tips.p')}</p>
      </SectionHeader>
      <Container>
        <CardGrid $tablet={2} $desktop={4}>
          {tipsInPageLanguage(tips).map((tip) => (
            <IconCard key={tip.key} icon={icons[tip.key]} title={tip.title} variant="compact">
              {tip.text}
            </IconCard>
          ))}
        </CardGrid>
      </Container>
    </Section>
  )
}
