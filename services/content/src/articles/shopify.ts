import { StorefrontError, storefrontClient, type StorefrontSettings } from '@hearing/service-kit'
import { z } from 'zod'
import { plainText, safeImageUrl, sanitizeArticleHtml } from './sanitize.js'
import { articleHandle, ArticlesUnavailable, type Article, type ArticlesSource, type BlogHandle } from './types.js'

/**
 * Articles from a Shopify store's blogs: Storefront API `blog(handle:)` (shared/contracts.md §2),
 *   POST {store}/api/{version}/graphql.json   Shopify-Storefront-Private-Token (server-side token)
 * paged 100 at a time, newest first. An unknown blog is `null` (no articles, not an error).
 * Every body is sanitized here, like the local Markdown, before anything is kept or served.
 * A blog read successfully is kept for a minute, so the article pages do not query the store on
 * every visit; failures are not kept.
 */
export const BLOG_QUERY = `query Blog($handle: String!, $first: Int!, $after: String) {
  blog(handle: $handle) { id title
    articles(first: $first, after: $after, sortKey: PUBLISHED_AT, reverse: true) {
      pageInfo { hasNextPage endCursor }
      nodes { id handle title excerpt contentHtml publishedAt tags image { url altText } authorV2 { name } } } } }`

const PAGE_SIZE = 100
/** 10 pages (1,000 articles) at most per blog: a store with more is read no further. */
const MAX_PAGES = 10
export const CACHE_MS = 60_000

const storefrontArticle = z.object({
  id: z.string().min(1),
  handle: z.string(),
  title: z.string().min(1),
  excerpt: z.string().nullish(),
  contentHtml: z.string(),
  publishedAt: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date'),
  tags: z.array(z.string()).default([]),
  image: z.object({ url: z.string(), altText: z.string().nullish() }).nullish(),
  authorV2: z.object({ name: z.string() }).nullish(),
})

const blogData = z.object({
  blog: z
    .object({
      articles: z.object({
        pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
        nodes: z.array(z.unknown()),
      }),
    })
    .nullable(),
})

export interface ShopifyArticlesOptions extends StorefrontSettings {
  log: { warn(obj: object, msg: string): void }
  now?: () => number
}

/** One Storefront article as ours; undefined (and logged) when it cannot be shown safely. */
function toArticle(raw: unknown, blog: BlogHandle, log: ShopifyArticlesOptions['log']): Article | undefined {
  const parsed = storefrontArticle.safeParse(raw)
  if (!parsed.success || !articleHandle.safeParse(parsed.data.handle).success) {
    log.warn({ provider: 'shopify', blog }, 'a Storefront article was left out: unexpected shape or handle')
    return undefined
  }
  const a = parsed.data
  const excerpt = a.excerpt ? plainText(a.excerpt) : ''
  const image = safeImageUrl(a.image?.url)
  const publishedAt = new Date(a.publishedAt).toISOString()
  return {
    id: a.id,
    handle: a.handle,
    blog,
    title: plainText(a.title),
    image,
    imageAlt: image ? plainText(a.image?.altText ?? '') : null,
    excerpt: excerpt || null,
    author: a.authorV2?.name ? plainText(a.authorV2.name) || null : null,
    publishedAt,
    // The Storefront Article has no modification date: the publication date stands in for it.
    updatedAt: publishedAt,
    tags: a.tags.map(plainText).filter(Boolean),
    contentHtml: sanitizeArticleHtml(a.contentHtml),
  }
}

export function shopifyArticlesSource(options: ShopifyArticlesOptions): ArticlesSource {
  const { log, now = Date.now } = options
  const request = storefrontClient(options)
  const cache = new Map<BlogHandle, { at: number; articles: Article[] }>()
  const inFlight = new Map<BlogHandle, Promise<Article[]>>()

  async function page(blog: BlogHandle, after: string | null) {
    let data: unknown
    try {
      data = await request(BLOG_QUERY, { handle: blog, first: PAGE_SIZE, after })
    } catch (err) {
      throw new ArticlesUnavailable(err instanceof StorefrontError ? err.reason : 'unexpected')
    }
    const parsed = blogData.safeParse(data)
    if (!parsed.success) throw new ArticlesUnavailable('malformed')
    return parsed.data.blog
  }

  async function fetchBlog(blog: BlogHandle): Promise<Article[]> {
    const articles: Article[] = []
    let after: string | null = null
    for (let i = 0; i < MAX_PAGES; i++) {
      const result = await page(blog, after)
      if (!result) return [] // no blog by that handle
      for (const raw of result.articles.nodes) {
        const article = toArticle(raw, blog, log)
        if (article) articles.push(article)
      }
      if (!result.articles.pageInfo.hasNextPage || !result.articles.pageInfo.endCursor) break
      after = result.articles.pageInfo.endCursor
    }
    return articles
  }

  return {
    name: 'shopify',
    async list(blog) {
      const cached = cache.get(blog)
      if (cached && now() - cached.at < CACHE_MS) return cached.articles
      let pending = inFlight.get(blog)
      if (!pending) {
        pending = fetchBlog(blog)
          .then((articles) => {
            cache.set(blog, { at: now(), articles })
            return articles
          })
          .catch((err: unknown) => {
            const reason = err instanceof ArticlesUnavailable ? err.reason : 'unexpected'
            log.warn({ provider: 'shopify', blog, reason }, 'Storefront blog could not be read')
            throw err instanceof ArticlesUnavailable ? err : new ArticlesUnavailable(reason)
          })
          .finally(() => inFlight.delete(blog))
        inFlight.set(blog, pending)
      }
      return pending
    },
  }
}
