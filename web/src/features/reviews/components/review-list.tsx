import type { Attribution, PlaceSummary, Review } from '@hearing/contracts'
import type { ReactNode } from 'react'
import styled from 'styled-components'

import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { currentLocale, dateFormatInPageLanguage, intlLocale } from '@/i18n/i18n'
import { t } from '@/i18n/home'

import { reviewsView, useReviews } from '../api/get-reviews'
import { theme } from '@/config/theme'

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

/**
 * The reviews themselves (SPEC §2 "Home" > Reviews, §4 "Reviews"): `loading` while the request runs,
 * then three review cards, the rating summary with a link to the maps listing and the attribution.
 * Live reviews are shown when the service has some; otherwise (service unreachable, fallback, no
 * reviews) the practice's three testimonials, silently. Loaded by ReviewsSection once the section
 * nears the screen.
 */
export default function ReviewList({ loading }: { loading: ReactNode }) {
  const { data, error } = useReviews()
  const view = reviewsView(data, error)
  if (view.status === 'loading') return loading
  return (
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
  )
}

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
