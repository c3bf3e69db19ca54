import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { Section } from '@/components/ui/section'
import { VideoPlayer } from '@/components/ui/video-player'
import type { MediaVideo } from '@/content/media'
import { practice } from '@/content/practice'

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
            <h2 id="story-heading">Our Story</h2>
            <p>
              {practice.name} opened its doors in {practice.foundedYear} with a simple idea: hearing care should feel
              personal. Our founder had spent years in large clinics where appointments were rushed and patients left
              with more questions than answers. We wanted something different for North Georgia.
            </p>
            <p>
              Today our team brings {claims.yearsOfExperience} years of experience to every visit in our Gainesville and
              Dawsonville offices. We take the time to explain your results, fit and fine-tune your hearing aids, and
              stay with you for the years that follow.
            </p>
            <p>
              We are honored that our neighbors have named us {claims.award.name} {claims.award.years}, and that{' '}
              {claims.patientsHelped} patients have trusted us with their hearing.
            </p>
          </div>
          <Figure>
            <VideoPlayer video={video} aria-describedby="story-video-description">
              Your browser cannot play this video. Its transcript is below.
            </VideoPlayer>
            <figcaption id="story-video-description">{video.description}</figcaption>
            {video.transcript.length > 0 ? (
              <Transcript>
                <summary>Read the video transcript</summary>
                {video.transcript.map((line) => (
                  <p key={line}>{line}</p>
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
  gap: ${({ theme }) => theme.space[7]};
  align-items: center;

  ${({ theme }) => theme.media.fromDesktop} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`

const Figure = styled.figure`
  margin: 0;

  figcaption {
    margin-top: ${({ theme }) => theme.space[3]};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`

const Transcript = styled.details`
  margin-top: ${({ theme }) => theme.space[3]};

  summary {
    display: flex;
    align-items: center;
    min-height: 44px;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    color: ${({ theme }) => theme.colors.primary};
    cursor: pointer;
  }

  p {
    margin-bottom: ${({ theme }) => theme.space[2]};
  }
`
