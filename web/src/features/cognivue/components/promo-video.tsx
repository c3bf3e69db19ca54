import { useEffect, useRef } from 'react'
import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import type { MediaVideo } from '@/content/media'

import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion'
import { Section } from './section'

interface PromoVideoProps {
  video: MediaVideo
}

/**
 * The promo video (SPEC §2 "/cognivue": autoplaying, muted, looping). It keeps its controls so it
 * can be paused and does not start on its own for users who prefer reduced motion. Its caption
 * tracks (if it has speech) are attached; the words it shows on screen are listed below it.
 */
export function PromoVideo({ video }: PromoVideoProps) {
  const reducedMotion = usePrefersReducedMotion()
  const ref = useRef<HTMLVideoElement>(null)

  useEffect(() => {
    const element = ref.current
    if (!element) return
    element.muted = true
    if (reducedMotion) element.pause()
    else element.play().catch(() => undefined)
  }, [reducedMotion])

  return (
    <Section aria-labelledby="promo-heading">
      <Container>
        <Heading id="promo-heading">Hearing and Memory Are Connected</Heading>
        <Frame>
          <Video
            ref={ref}
            controls
            muted
            loop
            playsInline
            preload="metadata"
            poster={video.poster}
            width={video.width}
            height={video.height}
            aria-describedby="promo-video-description"
          >
            {video.webm ? <source src={video.webm} type="video/webm" /> : null}
            <source
              src={video.src}
              type="video/mp4"
              onError={() => console.error(`Promo video failed to load: ${video.src}`)}
            />
            {video.captions.map((track) => (
              <track
                key={track.src}
                kind={track.kind}
                src={track.src}
                srcLang={track.srcLang}
                label={track.label}
                default={track.default}
              />
            ))}
            Your browser cannot play this video.
          </Video>
          <Description id="promo-video-description">{video.description}</Description>
          {video.transcript.length > 0 ? (
            <OnScreen>
              <OnScreenTitle>{video.hasSpeech ? 'Transcript' : 'Words shown in the video'}</OnScreenTitle>
              <ol>
                {video.transcript.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ol>
            </OnScreen>
          ) : null}
        </Frame>
      </Container>
    </Section>
  )
}

const Heading = styled.h2`
  text-align: center;
`

const Frame = styled.div`
  max-width: 56rem;
  margin-inline: auto;
`

const Description = styled.p`
  margin: ${({ theme }) => theme.space[3]} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`

const OnScreen = styled.div`
  margin-top: ${({ theme }) => theme.space[4]};

  ol {
    margin: 0;
    padding-left: ${({ theme }) => theme.space[6]};
  }
`

const OnScreenTitle = styled.p`
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`

const Video = styled.video`
  width: 100%;
  height: auto;
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: #0a3440;
  box-shadow: ${({ theme }) => theme.shadows.card};
`
