import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { Section } from '@/components/ui/section'
import { VideoPlayer } from '@/components/ui/video-player'
import type { MediaVideo } from '@/content/media'
import { practice } from '@/content/practice'
import { t } from '@/i18n/about'
import { currentLocale, spanishCopy } from '@/i18n/i18n'
import { theme } from '@/config/theme'

const aboutVideoInPageLanguage = spanishCopy('about-video')

interface OurStoryProps {
  video: MediaVideo
}

/**
 * "Our Story" (SPEC §2 "About"): the practice's story beside an embedded video. A video with
 * speech carries its caption tracks (English shown by default) and a transcript; it has the usual
 * controls and never plays on its own.
 */
export function OurStory({ video }: OurStoryProps) {
  const { claims } = practice
  return (
    <Section aria-labelledby="story-heading">
      <Container>
        <Columns>
          <div>
            <h2 id="story-heading">{t('about.story.h')}</h2>
            <p>{t('about.story.p1', { name: practice.name, year: practice.foundedYear })}</p>
            <p>{t('about.story.p2', { years: claims.yearsOfExperience })}</p>
            <p>{t('about.story.p3', { award: claims.award.name, awardYears: claims.award.years, patients: claims.patientsHelped })}</p>
          </div>
          <Figure>
            <VideoPlayer video={video} aria-describedby="story-video-description">
              {t('about.video.fallback')}
            </VideoPlayer>
            <figcaption id="story-video-description">{aboutVideoInPageLanguage({ description: video.description }).description}</figcaption>
            {video.transcript.length > 0 ? (
              <Transcript>
                <summary>{t('about.video.transcript')}</summary>
                {/* The spoken words are English: on Spanish pages the transcript says so. */}
                {video.transcript.map((line) => (
                  <p key={line} lang={currentLocale() === 'es' ? 'en' : undefined}>
                    {line}
                  </p>
                ))}
              </Transcript>
            ) : null}
          </Figure>
        </Columns>
      </Container>
    </Section>
  )
}

const Columns = styled.div`
  display: grid;
  gap: ${theme.space[7]};
  align-items: center;

  ${theme.media.fromDesktop} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`

const Figure = styled.figure`
  margin: 0;

  figcaption {
    margin-top: ${theme.space[3]};
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
`

const Transcript = styled.details`
  margin-top: ${theme.space[3]};

  summary {
    display: flex;
    align-items: center;
    min-height: 44px;
    font-weight: ${theme.fontWeights.semibold};
    color: ${theme.colors.primary};
    cursor: pointer;
  }

  p {
    margin-bottom: ${theme.space[2]};
  }
`
