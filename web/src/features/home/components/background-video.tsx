import { useEffect, useRef, useState } from 'react'
import styled from 'styled-components'

import { prefersReducedMotion, usePrefersReducedMotion } from '@/lib/use-prefers-reduced-motion'
import { t } from '@/i18n/home'
import { theme } from '@/config/theme'

interface BackgroundVideoProps {
  /** MP4, played everywhere. */
  src: string
  /** Optional smaller WebM, offered first. */
  webm?: string
  /** Still image shown before the video plays, when it is paused, and when motion is reduced. */
  poster?: string
  /** Where the video is, for the log line when it fails. */
  name: string
}

/**
 * A decorative, looping, muted background video (no speech, so no captions; hidden from assistive
 * technology). It plays on its own unless the user prefers reduced motion; a visible button pauses
 * and resumes it (WCAG 2.2.2). If it cannot be loaded it disappears and the failure is logged
 * (SPEC §2 "Home", §8). Render it inside a positioned container: it covers it.
 */
export function BackgroundVideo({ src, webm, poster, name }: BackgroundVideoProps) {
  const reducedMotion = usePrefersReducedMotion()
  const videoRef = useRef<HTMLVideoElement>(null)
  const [failed, setFailed] = useState(false)
  const [userPaused, setUserPaused] = useState<boolean | null>(null)
  const paused = userPaused ?? reducedMotion

  const fail = () => {
    console.error(`Background video failed to load (${name}): ${src}`)
    setFailed(true)
  }

  // With pre-rendered HTML the browser may give up on every source before React is listening.
  useEffect(() => {
    if (videoRef.current?.networkState === HTMLMediaElement.NETWORK_NO_SOURCE) fail()
    // Once, on mount: later failures arrive through the last source's error event.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const video = videoRef.current
    if (!video || failed) return
    // React does not reliably reflect `muted` as an attribute; browsers only autoplay muted videos.
    video.muted = true
    // The setting now, not `reducedMotion`: that is still "no preference" after the hydrating render.
    if (userPaused ?? prefersReducedMotion()) {
      video.pause()
    } else {
      video.play().catch((error: unknown) => {
        // Autoplay refused (e.g. data saver): the poster stays; the user can press Play.
        if (error instanceof DOMException && error.name === 'NotAllowedError') setUserPaused(true)
      })
    }
  }, [userPaused, reducedMotion, failed])

  if (failed) return null

  return (
    <>
      <Video ref={videoRef} poster={poster} muted loop playsInline preload="metadata" aria-hidden="true" tabIndex={-1}>
        {webm ? <source src={webm} type="video/webm" /> : null}
        {/* The last source: when it fails too, the browser has nothing left to play. */}
        <source src={src} type="video/mp4" onError={fail} />
      </Video>
      <Toggle type="button" onClick={() => setUserPaused(!paused)}>
        {paused ? t('home.vid.play') : t('home.vid.pause')}
      </Toggle>
    </>
  )
}

const Video = styled.video`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  max-width: none;
  object-fit: cover;
  z-index: 0;
`

const Toggle = styled.button`
  position: absolute;
  right: ${theme.space[4]};
  bottom: ${theme.space[4]};
  z-index: 2;
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[4]};
  border: 2px solid #ffffff;
  border-radius: ${theme.radii.pill};
  background: rgba(6, 32, 40, 0.85);
  color: #ffffff;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;

  &:hover {
    background: rgba(6, 32, 40, 1);
  }

  &:focus-visible {
    outline-color: #ffffff;
  }
`
