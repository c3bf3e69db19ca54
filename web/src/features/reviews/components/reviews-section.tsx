import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react'
import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { Section } from '@/components/ui/section'
import { practice as englishPractice } from '@/content/practice'
import { spanishCopy, withSpanish } from '@/i18n/i18n'
import { t } from '@/i18n/home'

import { theme } from '@/config/theme'

const practiceInPageLanguage = spanishCopy('practice')
const BADGE_ICONS: Record<string, string> = {
  shipping: 'M3 7h11v9H3zM14 10h4l3 3v3h-7zM7 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  check: 'M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5zM8 12l3 3 5-6',
  fitting: 'M7 9a5 5 0 1 1 10 0c0 3-2.5 4-2.5 6.5A3.5 3.5 0 0 1 11 19c-1.5 0-2.6-.8-3.2-2M10 9.5a2 2 0 1 1 4 0c0 1.2-1.2 1.8-1.2 3',
  award: 'M12 2l2.4 4.8 5.3.8-3.8 3.7.9 5.3L12 14l-4.8 2.6.9-5.3L4.3 7.6l5.3-.8zM8 16l-2 6 6-3 6 3-2-6',
  people: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21c0-4 3-6 7-6s7 2 7 6M17 11a3 3 0 1 0 0-6M22 21c0-3-2-5-5-5.5',
}

function badgeIcon(label: string): string {
  const l = label.toLowerCase()
  if (l.includes('ship')) return BADGE_ICONS.shipping!
  if (l.includes('fitting')) return BADGE_ICONS.fitting!
  return BADGE_ICONS.check!
}

function TrustBadges() {
  const { claims } = practiceInPageLanguage(englishPractice)
  const badges = [
    // Icons by the English badge in the same place (a Spanish copy keeps the order).
    ...claims.badges.map((label, i) => ({ label, icon: badgeIcon(englishPractice.claims.badges[i] ?? label) })),
    { label: `${claims.award.name} ${claims.award.years}`, icon: BADGE_ICONS.award! },
    { label: t('home.rv.helped', { count: claims.patientsHelped }), icon: BADGE_ICONS.people! },
  ]
  return (
    <Badges aria-label={t('home.rv.trust')}>
      {badges.map(({ label, icon }) => (
        <Badge key={label}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d={icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {label}
        </Badge>
      ))}
    </Badges>
  )
}

/** How near the screen the reviews start loading: a little before they scroll in. */
const NEAR_SCREEN = '0px 0px 300px 0px'

// The reviews, their cards and the practice's testimonials: in a chunk of their own, loaded (with
// their request) as the section nears the screen, not with the home page, whose first screen does
// not show them.
const ReviewList = lazy(() => withSpanish(import('./review-list')))

/**
 * Home page reviews (SPEC §2 "Home" > Reviews, §4 "Reviews"): the heading, "Loading latest
 * reviews..." until the reviews are in (the pre-rendered page shows that too: no reviews are known
 * at build time), then the reviews (review-list.tsx), and the trust badges.
 */
export function ReviewsSection() {
  const section = useRef<HTMLElement>(null)
  const near = useNearScreen(section)
  const loading = <Loading role="status">{t('home.rv.load')}</Loading>

  return (
    <Section ref={section} $tone="surface" aria-labelledby="reviews-heading">
      <Container>
        <Header>
          <h2 id="reviews-heading">{t('home.rv.h')}</h2>
          <p>{t('home.rv.p')}</p>
        </Header>
        {near ? (
          <Suspense fallback={loading}>
            <ReviewList loading={loading} />
          </Suspense>
        ) : (
          loading
        )}
        <TrustBadges />
      </Container>
    </Section>
  )
}

/**
 * Whether `target` is on screen or about to be: false on the server and in the first render (as
 * pre-rendered), then true once it nears the screen, and from then on. At once without
 * IntersectionObserver.
 */
function useNearScreen(target: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(false)
  useEffect(() => {
    const element = target.current
    if (near || !element) return undefined
    if (typeof IntersectionObserver !== 'function') {
      setNear(true)
      return undefined
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: NEAR_SCREEN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near, target])
  return near
}

const Header = styled.div`
  max-width: 48rem;
  margin: 0 auto ${theme.space[6]};
  text-align: center;

  h2 {
    margin-bottom: ${theme.space[3]};
  }

  p {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
    color: ${theme.colors.textMuted};
  }
`

const Loading = styled.p`
  margin: 0 0 ${theme.space[6]};
  padding: ${theme.space[6]};
  text-align: center;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.lg};
`

const Badges = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9.5rem, 1fr));
  gap: ${theme.space[3]};
  margin: ${theme.space[6]} 0 0;
  padding: 0;
  list-style: none;
`

const Badge = styled.li`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space[2]};
  padding: ${theme.space[4]} ${theme.space[3]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.snug};
  text-align: center;
  color: ${theme.colors.text};

  /* Phones show two columns: the fifth badge takes the whole last row. */
  @media (max-width: ${theme.breakpoints.phone - 0.02}px) {
    &:last-child:nth-child(odd) {
      grid-column: 1 / -1;
    }
  }

  svg {
    flex: none;
    width: 32px;
    height: 32px;
    color: ${theme.colors.primary};
  }
`
