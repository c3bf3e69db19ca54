import { PageHero } from '@/components/ui/page-hero'
import { media, teamPhoto } from '@/content/media'
import { practice } from '@/content/practice'
import { team, type TeamMember } from '@/content/team'
import { OurStory } from '@/features/about/components/our-story'
import { TeamSection } from '@/features/about/components/team-section'
import { ValuesSection } from '@/features/about/components/values-section'
import { t } from '@/i18n/about'
import { spanishCopy } from '@/i18n/i18n'
import { useDocumentTitle } from '@/lib/use-document-title'

const teamInPageLanguage = spanishCopy('team')

const photoUrl = (member: TeamMember) => teamPhoto(member.image)?.src ?? ''

/** About (SPEC §2 "About"): hero, our story with its video, the team (bios in dialogs), our values. */
export default function AboutUsPage() {
  // The tab's title is the route's (src/seo/pages.ts, sent in the head); the heading names the practice.
  useDocumentTitle(t('about.pageTitle'))

  return (
    <>
      <PageHero title={t('about.title', { name: practice.name })}>
        <p>{t('about.lead', { year: practice.foundedYear })}</p>
      </PageHero>
      <OurStory video={media.aboutVideo} />
      <TeamSection members={teamInPageLanguage(team)} imageUrl={photoUrl} />
      <ValuesSection />
    </>
  )
}
