import { useEffect, useRef } from 'react'
import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { Section } from '@/components/ui/section'
import { VideoPlayer } from '@/components/ui/video-player'
import type { MediaVideo } from '@/content/media'
import { t } from '@/i18n/cognivue'
import { currentLocale } from '@/i18n/i18n'
import { prefersReducedMotion, usePrefersReducedMotion } from '@/lib/use-prefers-reduced-motion'
import { theme } from '@/config/theme'

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
    // The setting now, not `reducedMotion`: that is still "no preference" after the hydrating render.
    if (prefersReducedMotion()) element.pause()
    else element.play().catch(() => undefined)
  }, [reducedMotion])

  return (
    <Section aria-labelledby="promo-heading">
      <Container>
        <Heading id="promo-heading">{t('cog.video.h')}</Heading>
        <Frame>
          <VideoPlayer
            ref={ref}
            video={video}
            muted
            loop
            aria-describedby="promo-video-description"
            onSourceError={() => console.error(`Promo video failed to load: ${video.src}`)}
          >
            {t('cog.video.fallback')}
          </VideoPlayer>
          <Description id="promo-video-description">{video.description}</Description>
          {video.transcript.length > 0 ? (
            <OnScreen>
              <OnScreenTitle>{video.hasSpeech ? t('cog.video.transcript') : t('cog.video.words')}</OnScreenTitle>
              {/* The video's words are English: on Spanish pages the list says so. */}
              <ol lang={currentLocale() === 'es' ? 'en' : undefined}>
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
  margin: ${theme.space[3]} 0 0;
  color: ${theme.colors.textMuted};
`

const OnScreen = styled.div`
  margin-top: ${theme.space[4]};

  ol {
    margin: 0;
    padding-left: ${theme.space[6]};
  }
`

const OnScreenTitle = styled.p`
  margin-bottom: ${theme.space[2]};
  font-weight: ${theme.fontWeights.semibold};
`
