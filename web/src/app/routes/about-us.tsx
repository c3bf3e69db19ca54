import { PageHero } from '@/components/ui/page-hero'
import { media, teamPhoto } from '@/content/media'
import { practice } from '@/content/practice'
import { team, type TeamMember } from '@/content/team'
import { OurStory } from '@/features/about/components/our-story'
import { TeamSection } from '@/features/about/components/team-section'
import { ValuesSection } from '@/features/about/components/values-section'
import { useEnglishPageTitle } from '@/lib/use-document-title'

const photoUrl = (member: TeamMember) => teamPhoto(member.image)?.src ?? ''

/** About (SPEC §2 "About"): hero, our story with its video, the team (bios in dialogs), our values. */
export default function AboutUsPage() {
  useEnglishPageTitle('About Us')

  return (
    <>
      <PageHero title={`About ${practice.name}`}>
        <p>
          A locally owned hearing-care practice serving Gainesville, Dawsonville and North Georgia since{' '}
          {practice.foundedYear}. We help you hear the people and moments that matter most.
        </p>
      </PageHero>
      <OurStory video={media.aboutVideo} />
      <TeamSection members={team} imageUrl={photoUrl} />
      <ValuesSection />
    </>
  )
}
