import type { Attribution, PlaceSummary, Review } from '@hearing/contracts'
import type { ReactNode } from 'react'
import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { Section } from '@/components/ui/section'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { practice as englishPractice } from '@/content/practice'
import { currentLocale, dateFormatInPageLanguage, spanishCopy, intlLocale } from '@/i18n/i18n'
import { t } from '@/i18n/home'

import { reviewsView, useReviews } from '../api/get-reviews'
import { theme } from '@/config/theme'

const practiceInPageLanguage = spanishCopy('practice')
// Every review card formats a date while the page hydrates.
const monthYearFormat = dateFormatInPageLanguage({ month: 'long', year: 'numeric', timeZone: 'UTC' })

/** "March 2025" from "2025-03-18" or an RFC 3339 timestamp; the text as given if it is not a date. */
function formatMonthYear(date: string): string {
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date)
  if (Number.isNaN(parsed.getTime())) return date
  return monthYearFormat().format(parsed)
}

const STAR_PATH = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z'

/** Five stars filled to the rating; one image for assistive technology, named with the rating in words. */
function Stars({ rating, size = 22 }: { rating: number; size?: number }) {
  return (
    <StarRow role="img" aria-label={t('home.rv.stars', { rating })}>
      {[0, 1, 2, 3, 4].map((i) => {
        const fill = Math.max(0, Math.min(1, rating - i))
        return (
          <svg key={i} viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
            <path d={STAR_PATH} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
            {fill > 0 ? (
              <path d={STAR_PATH} fill="currentColor" style={fill < 1 ? { clipPath: `inset(0 ${(1 - fill) * 100}% 0 0)` } : undefined} />
            ) : null}
          </svg>
        )
      })}
    </StarRow>
  )
}

/** A link that opens in a new tab, and says so to screen readers. */
function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden> {t('home.rv.tab')}</VisuallyHidden>
    </a>
  )
}

function RatingSummary({ place, attribution }: { place: PlaceSummary; attribution: Attribution }) {
  return (
    <Summary>
      <Score>
        <ScoreValue>{place.rating.toFixed(1)}</ScoreValue>
        <ScoreOutOf>/5</ScoreOutOf>
      </Score>
      <SummaryText>
        <Stars rating={place.rating} size={28} />
        <p>
          {t(attribution.source === 'google' ? 'home.rv.basedG' : 'home.rv.based', { count: place.total_reviews.toLocaleString(intlLocale()) })}
        </p>
        <ExternalLink href={place.maps_url}>{t('home.rv.maps')}</ExternalLink>
      </SummaryText>
    </Summary>
  )
}

function ReviewCard({ review, source }: { review: Review; source: Attribution['source'] }) {
  const about = [review.age ? t('home.rv.age', { age: review.age }) : undefined, review.location].filter(Boolean).join(', ')
  // The practice's own testimonials are English: marked so on Spanish pages (live reviews are in their authors' words).
  const lang = source !== 'google' && currentLocale() === 'es' ? 'en' : undefined
  return (
    <Card>
      <Stars rating={review.rating} />
      {review.highlight ? <Highlight lang={lang}>“{review.highlight}”</Highlight> : null}
      <Quote lang={lang}>
        <p>{review.text}</p>
      </Quote>
      <Author>
        {review.author_photo_url ? (
          <Avatar src={review.author_photo_url} alt="" width={40} height={40} loading="lazy" referrerPolicy="no-referrer" />
        ) : (
          <Initial aria-hidden="true">{review.name.charAt(0)}</Initial>
        )}
        <div>
          <AuthorName>
            {review.author_url ? <ExternalLink href={review.author_url}>{review.name}</ExternalLink> : review.name}
          </AuthorName>
          {about ? <Meta>{about}</Meta> : null}
          <Meta>
            <time dateTime={review.date}>{review.relative_date ?? formatMonthYear(review.date)}</time>
            {source === 'google' ? (
              <>
                {' · '}
                {review.review_url ? <ExternalLink href={review.review_url}>{t('home.rv.onMaps')}</ExternalLink> : t('home.rv.onMaps')}
              </>
            ) : null}
          </Meta>
        </div>
      </Author>
    </Card>
  )
}

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

/**
 * Home page reviews (SPEC §2 "Home" > Reviews, §4 "Reviews"): "Loading latest reviews..." while the
 * request runs, then three review cards, the rating summary with a link to the maps listing, the
 * attribution and the trust badges. Live reviews are shown when the service has some; otherwise
 * (service unreachable, fallback, no reviews) the practice's three testimonials, silently.
 */
export function ReviewsSection() {
  const { data, error } = useReviews()
  const view = reviewsView(data, error)

  return (
    <Section $tone="surface" aria-labelledby="reviews-heading">
      <Container>
        <Header>
          <h2 id="reviews-heading">{t('home.rv.h')}</h2>
          <p>{t('home.rv.p')}</p>
        </Header>
        {view.status === 'loading' ? (
          <Loading role="status">{t('home.rv.load')}</Loading>
        ) : (
          <>
            <RatingSummary place={view.place} attribution={view.attribution} />
            <Cards>
              {view.reviews.map((review) => (
                <li key={`${review.name}-${review.date}`}>
                  <ReviewCard review={review} source={view.attribution.source} />
                </li>
              ))}
            </Cards>
            <AttributionLine>
              {view.attribution.source === 'google' ? (
                <>
                  {t('home.rv.from')}{' '}
                  {view.attribution.url ? (
                    <ExternalLink href={view.attribution.url}>
                      <span translate="no">Google Maps</span>
                    </ExternalLink>
                  ) : (
                    <span translate="no">Google Maps</span>
                  )}
                  {t('home.rv.own')}
                </>
              ) : (
                // The practice's testimonials: said in the page's language on Spanish pages.
                currentLocale() === 'es' ? t('home.rv.ours') : view.attribution.text
              )}
            </AttributionLine>
          </>
        )}
        <TrustBadges />
      </Container>
    </Section>
  )
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

const StarRow = styled.span`
  display: inline-flex;
  gap: 2px;
  color: ${theme.colors.star};
`

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${theme.space[3]} ${theme.space[5]};
  margin: 0 auto ${theme.space[6]};
  padding: ${theme.space[5]};
  max-width: 40rem;
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};
`

const Score = styled.p`
  margin: 0;
  line-height: 1;
`

const ScoreValue = styled.span`
  font-size: ${theme.fontSizes['4xl']};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.text};
`

const ScoreOutOf = styled.span`
  font-size: ${theme.fontSizes.xl};
  color: ${theme.colors.textMuted};
`

const SummaryText = styled.div`
  display: grid;
  justify-items: center;
  gap: ${theme.space[1]};
  text-align: center;

  ${theme.media.fromTablet} {
    justify-items: start;
    text-align: left;
  }

  p {
    margin: 0;
    color: ${theme.colors.textMuted};
  }

  a {
    font-weight: ${theme.fontWeights.semibold};
  }
`

const Cards = styled.ul`
  display: grid;
  gap: ${theme.space[5]};
  margin: 0;
  padding: 0;
  list-style: none;

  ${theme.media.fromDesktop} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }

  > li {
    display: flex;
  }
`

const Card = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[3]};
  width: 100%;
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};
`

const Highlight = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.snug};
  color: ${theme.colors.primary};
`

const Quote = styled.blockquote`
  flex: 1;
  margin: 0;

  p {
    margin: 0;
    white-space: pre-line;
  }
`

const Author = styled.footer`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]};
  padding-top: ${theme.space[3]};
  border-top: 1px solid ${theme.colors.border};
`

const Avatar = styled.img`
  flex: none;
  width: 40px;
  height: 40px;
  border-radius: 50%;
`

const Initial = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  background: ${theme.colors.primarySoft};
  color: ${theme.colors.primary};
  font-weight: ${theme.fontWeights.bold};
`

const AuthorName = styled.p`
  margin: 0;
  font-weight: ${theme.fontWeights.semibold};
`

const Meta = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`

const AttributionLine = styled.p`
  margin: ${theme.space[5]} 0 0;
  text-align: center;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
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
