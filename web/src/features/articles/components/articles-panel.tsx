import styled from 'styled-components'

import { CardGrid } from '@/components/ui/card-grid'
import { ErrorPanel } from '@/components/ui/error-panel'
import { t } from '@/i18n/articles'

import { useBlogArticles, type BlogHandle } from '../api/articles'

import { ArticleCard, ArticleCardSkeleton } from './article-card'
import { theme } from '@/config/theme'

/** Cards shown while a tab loads (SPEC §9). */
export const SKELETON_CARDS = 6

/**
 * One tab of /resources (SPEC §4 "Resources tabs"): loads on its own, with 6 skeleton cards, then
 * the error with Try Again, the empty state, or the grid of cards.
 */
export function ArticlesPanel({ blog, failure }: { blog: BlogHandle; failure: string }) {
  const { data, error, isValidating, mutate } = useBlogArticles(blog)

  if (error && !data) {
    return (
      <ErrorPanel title={t('articles.errorTitle')} onRetry={() => void mutate()} retryLabel={t('articles.tryAgain')} retrying={isValidating}>
        <p>{error.message || failure}</p>
      </ErrorPanel>
    )
  }
  if (!data) {
    return (
      <div aria-busy="true" aria-label={t('articles.loadingList')}>
        <Grid as="div" $tablet={2} $desktop={3}>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <ArticleCardSkeleton key={i} />
          ))}
        </Grid>
      </div>
    )
  }
  if (data.length === 0) {
    return (
      <Empty role="status">
        <h2>{t('articles.emptyTitle')}</h2>
        <p>{t('articles.emptyText')}</p>
      </Empty>
    )
  }
  return (
    <Grid $tablet={2} $desktop={3}>
      {data.map((article, i) => (
        <li key={article.id}>
          <ArticleCard article={article} first={i === 0} />
        </li>
      ))}
    </Grid>
  )
}

const Grid = styled(CardGrid)`
  align-items: stretch;
`

const Empty = styled.div`
  padding: ${theme.space[7]} ${theme.space[4]};
  text-align: center;

  h2 {
    margin-bottom: ${theme.space[3]};
    font-size: ${theme.fontSizes.xl};
  }

  p {
    margin: 0;
    color: ${theme.colors.textMuted};
  }
`
