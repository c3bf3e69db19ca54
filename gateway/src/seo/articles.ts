/**
 * The head of an article page (/resources/{handle}) in the HTML the gateway sends: title (the
 * article's plus the brand), description (its excerpt, else a default sentence), canonical URL,
 * Open Graph article tags, and JSON-LD BlogPosting plus BreadcrumbList (Home > Resources > article),
 * written by @hearing/contracts' renderSeoHead and articleJsonLd as the web build's are, marked
 * data-seo so the browser updates them in place.
 * An unknown handle is answered with HTTP 404.
 */
import { articleJsonLd, preloadFetchTag, renderSeoHead } from '@hearing/contracts'
import { lastSegment, lookUp, siteNameIn } from './head.js'

/** What the content service's GET /articles/{handle} sends, as far as the head needs it. */
export interface ArticleHeadData {
  handle: string
  title: string
  excerpt: string | null
  image: string | null
  imageAlt?: string | null
  author: string | null
  publishedAt: string
  updatedAt?: string
  tags: string[]
}

/** Sentence used when an article has no excerpt (SPEC §2: "a default sentence about hearing-health insights"). */
export const defaultArticleDescription = (siteName: string) =>
  `Hearing health insights and practical advice from the hearing care specialists at ${siteName}.`

export function articleHeadTags(article: ArticleHeadData, { origin, siteName }: { origin: string; siteName: string }, preloads: readonly string[] = []): string {
  const url = `${origin}/resources/${encodeURIComponent(article.handle)}`
  const title = `${article.title} | ${siteName}`
  const description = article.excerpt?.trim() || defaultArticleDescription(siteName)
  const image = article.image ? new URL(article.image, `${origin}/`).href : undefined
  return renderSeoHead({
    title,
    description,
    robots: 'index, follow',
    canonical: url,
    type: 'article',
    siteName,
    ogLocale: 'en_US',
    image,
    imageAlt: article.imageAlt ?? undefined,
    properties: [
      ['article:published_time', article.publishedAt],
      ...(article.updatedAt ? [['article:modified_time', article.updatedAt] as const] : []),
      ...(article.author ? [['article:author', article.author] as const] : []),
      ...article.tags.map((tag) => ['article:tag', tag] as const),
    ],
    preloads,
    jsonLd: articleJsonLd(origin, {
      title: article.title,
      url,
      description,
      image,
      publishedAt: article.publishedAt,
      updatedAt: article.updatedAt,
      author: article.author,
      tags: article.tags,
    }),
  })
}

const isArticle = (body: unknown): body is ArticleHeadData =>
  typeof (body as ArticleHeadData | null)?.title === 'string' && typeof (body as ArticleHeadData).handle === 'string'

/**
 * The article route for the SPA (spa.ts DynamicPage): its head from the article, or 404 for a
 * handle no blog has. When the content service cannot answer, the route's default head is kept
 * (status 200): the page itself shows the error and Try Again.
 */
export function articlePages({ content, timeoutMs }: { content: () => string; timeoutMs: number }) {
  return {
    pattern: '/resources/:handle',
    async resolve(urlPath: string, { origin, routeHead }: { origin: string; routeHead: string }) {
      const handle = lastSegment(urlPath)
      if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(handle)) return { status: 404 as const }
      const result = await lookUp(new URL(`/articles/${encodeURIComponent(handle)}`, content()), timeoutMs, isArticle)
      if ('unavailable' in result) return undefined
      if (!result.found) return { status: 404 as const }
      const article = { ...result.value, tags: Array.isArray(result.value.tags) ? result.value.tags : [] }
      // The article itself (web: features/articles/api articleKey), asked for with the page, not
      // once the scripts have run: its text is what the page paints largest.
      const preload = preloadFetchTag(`/api/content/articles/${encodeURIComponent(handle)}`)
      return { status: 200 as const, head: articleHeadTags(article, { origin, siteName: siteNameIn(routeHead) ?? '' }, [preload]) }
    },
  }
}
