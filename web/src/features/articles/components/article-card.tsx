import styled, { keyframes } from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { paths } from '@/config/paths'
import { t } from '@/i18n/articles'

import type { Article } from '../api/articles'
import { cutExcerpt, englishOnSpanishPage, MAX_CARD_TAGS, monthYear } from '../format'

import { ArticleImage } from './article-image'
import { TagList } from './tag-list'
import { theme } from '@/config/theme'

/** SPEC §9 "Article card": image, title, month-year date, excerpt cut at 120 characters, at most 3 tags, "Read Article". */
/** `first`: the first card's picture is likely the largest paint: fetched at once, not lazily. */
export function ArticleCard({ article, first = false }: { article: Article; first?: boolean }) {
  const titleId = `article-${article.handle}-title`
  const english = englishOnSpanishPage()
  return (
    <Card aria-labelledby={titleId}>
      <Picture src={article.image} alt={article.imageAlt ?? ''} priority={first} lang={english} />
      <Body>
        <Title id={titleId} lang={english}>
          {article.title}
        </Title>
        <Meta>
          <time dateTime={article.publishedAt}>{monthYear(article.publishedAt)}</time>
        </Meta>
        {article.excerpt ? <Excerpt lang={english}>{cutExcerpt(article.excerpt)}</Excerpt> : null}
        <TagList tags={article.tags.slice(0, MAX_CARD_TAGS)} />
        <ReadLink to={paths.resource.getHref(article.handle)} aria-describedby={titleId} $variant="secondary">
          {t('articles.read')}
        </ReadLink>
      </Body>
    </Card>
  )
}

/** One of the 6 cards shown while a tab loads (SPEC §4, §9). */
export function ArticleCardSkeleton() {
  return (
    <Card aria-hidden="true">
      <Shimmer $height="auto" style={{ aspectRatio: '1200 / 630' }} />
      <Body>
        <Shimmer $height="1.6rem" />
        <Shimmer $height="1rem" $width="40%" />
        <Shimmer $height="4rem" />
        <Shimmer $height="3rem" $width="50%" />
      </Body>
    </Card>
  )
}

const Card = styled.article`
  display: flex;
  flex-direction: column;
  height: 100%;
  overflow: hidden;
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};
`

const Picture = styled(ArticleImage)`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1200 / 630;
  object-fit: cover;
  background: ${theme.colors.surface};
`

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${theme.space[3]};
  padding: ${theme.space[5]};
`

const Title = styled.h3`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  line-height: ${theme.lineHeights.snug};
`

const Meta = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`

const Excerpt = styled.p`
  margin: 0;
  color: ${theme.colors.text};
`

const ReadLink = styled(ButtonLink)`
  align-self: flex-start;
  margin-top: auto;
`

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.55; }
`

export const Shimmer = styled.div<{ $height: string; $width?: string }>`
  width: ${({ $width = '100%' }) => $width};
  height: ${({ $height }) => $height};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  animation: ${pulse} 1.5s ease-in-out infinite;

  ${theme.media.reducedMotion} {
    animation: none;
  }
`
