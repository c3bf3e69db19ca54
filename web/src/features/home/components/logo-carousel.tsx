import { useCallback, useEffect, useId, useRef, useState, type CSSProperties } from 'react'
import styled, { css } from 'styled-components'

import { usePrefersReducedMotion } from '@/lib/use-prefers-reduced-motion'
import { t } from '@/i18n/home'
import { theme } from '@/config/theme'

export interface CarouselLogo {
  src: string
  alt: string
  width: number
  height: number
}

interface LogoCarouselProps {
  logos: readonly CarouselLogo[]
  /** Accessible name of the carousel region. */
  label: string
  /** Milliseconds between steps (SPEC §9: 3000). */
  intervalMs?: number
}

/**
 * How many logos are visible, by viewport width (SPEC §9): 10 from 3000 px, 8 from 1024 px, 5 from
 * 464 px, else 3. Done in CSS (custom property) so it needs no JavaScript, is right in pre-rendered
 * HTML and follows a resize or zoom at once.
 */
const visibleByWidth = css`
  --visible: 3;

  @media (min-width: 464px) {
    --visible: 5;
  }

  @media (min-width: 1024px) {
    --visible: 8;
  }

  @media (min-width: 3000px) {
    --visible: 10;
  }
`

/** The most logos ever visible at once: that many copies at the end make the loop seamless. */
const MAX_VISIBLE = 10

/**
 * An infinite, auto-advancing strip of logos (SPEC §2 "Insurance section", §4, §9): one step every
 * `intervalMs`, no arrows, no dots. After the last logo it runs on into copies of the first ones and
 * then jumps back, unseen, to the start.
 *
 * Accessibility (WCAG 2.2.2 and the WAI carousel pattern): a visible Pause/Play button; rotation also
 * stops while the pointer is over the logos, and does not start at all when the user prefers reduced
 * motion (until they press Play). The slides hold nothing focusable, so there is no focus to
 * protect from moving content. Every logo stays in the accessibility tree; the copies are hidden
 * from it. Images load lazily.
 */
export function LogoCarousel({ logos, label, intervalMs = 3000 }: LogoCarouselProps) {
  const reducedMotion = usePrefersReducedMotion()
  const [userPaused, setUserPaused] = useState<boolean | null>(null)
  const [hovered, setHovered] = useState(false)
  const [index, setIndex] = useState(0)
  const [animate, setAnimate] = useState(true)
  const trackId = useId()

  const count = logos.length
  // Until the user chooses, rotation follows the motion preference.
  const paused = userPaused ?? reducedMotion
  const rotating = !paused && !hovered && count > 1

  const indexRef = useRef(index)
  useEffect(() => {
    indexRef.current = index
  }, [index])

  const step = useCallback(() => {
    // Still on the copies: the jump back after the last slide has not happened yet (no or a late
    // transitionend, e.g. a background tab or a busy device). Go straight to the second logo, so
    // the beat stays every intervalMs.
    setAnimate(indexRef.current < count)
    setIndex((i) => (i >= count ? 1 : i + 1))
  }, [count])

  useEffect(() => {
    if (!rotating) return
    const timer = window.setInterval(step, intervalMs)
    return () => window.clearInterval(timer)
  }, [rotating, step, intervalMs])

  // Having slid onto the copies of the first logos, jump back to the real ones without animation.
  const onTransitionEnd = () => {
    if (index < count) return
    setAnimate(false)
    // A beat may already have moved on (see step): only a track still on the copies jumps back.
    setIndex((i) => (i >= count ? 0 : i))
  }

  // Re-enable the animation once the jump has been painted.
  useEffect(() => {
    if (animate) return
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setAnimate(true))
    })
    return () => cancelAnimationFrame(frame)
  }, [animate])

  // A reduced-motion user sees no slide: without a transition there is no transitionend either.
  useEffect(() => {
    if (reducedMotion && index >= count) {
      setAnimate(false)
      setIndex(0)
    }
  }, [reducedMotion, index, count])

  const copies = logos.slice(0, Math.min(MAX_VISIBLE, count))
  const trackStyle = { '--index': index } as CSSProperties

  return (
    <Wrapper role="region" aria-roledescription="carousel" aria-label={label}>
      <Viewport onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
        <Track
          id={trackId}
          style={trackStyle}
          $animate={animate && !reducedMotion}
          onTransitionEnd={onTransitionEnd}
        >
          {logos.map((logo) => (
            <Slide key={logo.src} aria-roledescription="slide">
              <Logo src={logo.src} alt={logo.alt} loading="lazy" decoding="async" width={logo.width} height={logo.height} />
            </Slide>
          ))}
          {copies.map((logo) => (
            <Slide key={`copy-${logo.src}`} aria-hidden="true">
              <Logo src={logo.src} alt="" loading="lazy" decoding="async" width={logo.width} height={logo.height} />
            </Slide>
          ))}
        </Track>
      </Viewport>
      <Controls>
        <PauseButton
          type="button"
          aria-controls={trackId}
          onClick={() => setUserPaused(!paused)}
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
          {paused ? t('home.lg.play') : t('home.lg.pause')}
        </PauseButton>
      </Controls>
    </Wrapper>
  )
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
      <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
    </svg>
  )
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M8 5.5v13a1 1 0 0 0 1.5.86l10-6.5a1 1 0 0 0 0-1.72l-10-6.5A1 1 0 0 0 8 5.5z" fill="currentColor" />
    </svg>
  )
}

const Wrapper = styled.div`
  ${visibleByWidth}
`

const Viewport = styled.div`
  overflow: hidden;
`

const Track = styled.ul<{ $animate: boolean }>`
  display: flex;
  margin: 0;
  padding: 0;
  list-style: none;
  transform: translateX(calc(var(--index) * -100% / var(--visible)));
  ${({ $animate }) =>
    $animate
      ? css`
          transition: transform 600ms ease-in-out;
        `
      : css`
          transition: none;
        `}
`

const Slide = styled.li`
  flex: 0 0 calc(100% / var(--visible));
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${theme.space[2]};
`

const Logo = styled.img`
  width: 100%;
  max-width: 10rem;
  height: auto;
  max-height: 5rem;
  object-fit: contain;
`

const Controls = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${theme.space[4]};
`

const PauseButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space[2]};
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[4]};
  border: 2px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.background};
  color: ${theme.colors.text};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;

  &:hover {
    background: ${theme.colors.primarySoft};
  }
`
