import { articleJsonLd } from '@hearing/contracts'
import { useNavigate } from 'react-router-dom'
import styled from 'styled-components'

import { Button, ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { EnglishContent } from '@/components/ui/english-content'
import { paths } from '@/config/paths'
import { t } from '@/i18n/articles'
import { useDocumentTitle } from '@/lib/use-document-title'
import { usePageSeo } from '@/seo/use-page-seo'

import { useArticle, type Article } from '../api/articles'
import { englishOnSpanishPage, monthYear } from '../format'

import { Shimmer } from './article-card'
import { ArticleImage } from './article-image'
import { TagList } from './tag-list'
import { theme } from '@/config/theme'

/** An article (SPEC §2 "/resources/{handle}"): skeleton, then the article, or "Article Not Found". */
export function ArticleView({ handle }: { handle: string }) {
  const { data: article, error, isValidating, mutate } = useArticle(handle)
  usePageSeo(paths.resource.path, article && seoFor(article))

  if (article) return <ArticleBody article={article} />
  if (error && error.status >= 400 && error.status < 500) return <NotFound message={error.status === 404 ? error.message : undefined} />
  if (error) return <NotFound message={error.message} onRetry={() => void mutate()} retrying={isValidating} />
  return <ArticleSkeleton />
}

function seoFor(article: Article) {
  const path = paths.resource.getHref(article.handle)
  const image = article.image ? new URL(article.image, window.location.origin).href : undefined
  return {
    title: article.title,
    // The head's description when an article has no excerpt.
    description: article.excerpt || t('articles.defaultDescription'),
    type: 'article' as const,
    ...(image ? { image } : {}),
    jsonLd: articleJsonLd(window.location.origin, {
      title: article.title,
      url: `${window.location.origin}${path}`,
      description: article.excerpt ?? undefined,
      image,
      publishedAt: article.publishedAt,
      author: article.author ?? undefined,
      tags: article.tags,
    }),
  }
}

/** "Back to Resources", top and bottom: to /resources, scrolled to the top. */
function BackButton() {
  const navigate = useNavigate()
  return (
    <Button
      $variant="secondary"
      onClick={() => {
        navigate(paths.resources.getHref())
        window.scrollTo({ top: 0 })
      }}
    >
      {t('articles.back')}
    </Button>
  )
}

/** The page's own words follow its language; the article's (title, excerpt, picture's alt, text) are English, marked so on Spanish pages. */
function ArticleBody({ article }: { article: Article }) {
  const english = englishOnSpanishPage()
  return (
    <Page as="article" aria-labelledby="article-title">
      <BackButton />
      <Header>
        <h1 id="article-title" lang={english}>
          {article.title}
        </h1>
        <Meta>
          <time dateTime={article.publishedAt}>{monthYear(article.publishedAt)}</time>
          {article.author ? <span>{t('articles.by', { author: article.author })}</span> : null}
        </Meta>
        <TagList tags={article.tags} />
        {article.excerpt ? <Excerpt lang={english}>{article.excerpt}</Excerpt> : null}
      </Header>
      {article.image ? <Hero src={article.image} alt={article.imageAlt ?? ''} priority lang={english} /> : null}
      <EnglishContent>
        {/* Sanitized by the content service before it left the server (services/content/src/articles/sanitize.ts). */}
        <Content data-article-body="" dangerouslySetInnerHTML={{ __html: article.contentHtml }} />
      </EnglishContent>
      <Footer>
        <BackButton />
      </Footer>
    </Page>
  )
}

function NotFound({ message, onRetry, retrying }: { message?: string; onRetry?: () => void; retrying?: boolean }) {
  useDocumentTitle(t('articles.notFoundTitle'))
  return (
    <Page>
      <Missing role="alert">
        <h1>{t('articles.notFoundTitle')}</h1>
        {/* SPEC §2: the not-found view's default message. */}
        <p>{message || t('articles.notFound')}</p>
        <Actions>
          {onRetry ? (
            <Button onClick={onRetry} disabled={retrying}>
              {retrying ? t('articles.retrying') : t('articles.tryAgain')}
            </Button>
          ) : null}
          <ButtonLink to={paths.resources.getHref()} $variant={onRetry ? 'secondary' : 'primary'}>
            {t('articles.backPlain')}
          </ButtonLink>
        </Actions>
      </Missing>
    </Page>
  )
}

function ArticleSkeleton() {
  return (
    <Page aria-busy="true" aria-label={t('articles.loading')}>
      <Shimmer $height="3rem" $width="14rem" />
      <Header aria-hidden="true">
        <Shimmer $height="2.75rem" />
        <Shimmer $height="1rem" $width="30%" />
        <Shimmer $height="4rem" />
      </Header>
      <Shimmer $height="auto" style={{ aspectRatio: '1200 / 630' }} aria-hidden="true" />
      <Shimmer $height="12rem" aria-hidden="true" />
    </Page>
  )
}

const Page = styled(Container)`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
  max-width: calc(${theme.layout.textWidth} + 4rem);
  /* As tall as the screen in every state (loading, article, not found): the footer never jumps into view. */
  min-height: 100vh;
  padding-block: ${theme.space[7]};

  & > button {
    align-self: flex-start;
  }
`

const Header = styled.header`
  display: grid;
  gap: ${theme.space[3]};

  h1 {
    margin: 0;
  }
`

const Meta = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[4]};
  margin: 0;
  color: ${theme.colors.textMuted};
`

const Excerpt = styled.p`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
  color: ${theme.colors.textMuted};
`

const Hero = styled(ArticleImage)`
  display: block;
  width: 100%;
  height: auto;
  aspect-ratio: 1200 / 630;
  object-fit: cover;
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
`

const Content = styled.div`
  line-height: ${theme.lineHeights.body};

  h2 {
    margin: ${theme.space[6]} 0 ${theme.space[3]};
    font-size: ${theme.fontSizes['2xl']};
  }

  h3 {
    margin: ${theme.space[5]} 0 ${theme.space[2]};
    font-size: ${theme.fontSizes.xl};
  }

  ul,
  ol {
    padding-left: ${theme.space[6]};
  }

  li + li {
    margin-top: ${theme.space[2]};
  }

  img {
    max-width: 100%;
    height: auto;
  }

  blockquote {
    margin: 0;
    padding-left: ${theme.space[4]};
    border-left: 4px solid ${theme.colors.primarySoft};
  }

  pre,
  table {
    display: block;
    max-width: 100%;
    overflow-x: auto;
  }
`

const Footer = styled.footer`
  padding-top: ${theme.space[5]};
  border-top: 1px solid ${theme.colors.border};
`

const Missing = styled.div`
  display: grid;
  justify-items: center;
  gap: ${theme.space[4]};
  padding-block: ${theme.space[7]};
  text-align: center;

  h1,
  p {
    margin: 0;
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${theme.space[3]};
`
