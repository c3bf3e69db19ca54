import { z } from 'zod'

/** The two blogs (SPEC §7 "store blogs function": blogHandle resources or clinical-study). */
export const BLOG_HANDLES = ['resources', 'clinical-study'] as const
export type BlogHandle = (typeof BLOG_HANDLES)[number]
export const blogHandle = z.enum(BLOG_HANDLES)

/** An article handle: lower-case words joined by hyphens, as Shopify makes them. */
export const articleHandle = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and hyphens')

/**
 * An article as the site receives it (SPEC §3 "Article"). `contentHtml` has been through the
 * sanitizer (sanitize.ts) whatever its source; `image` is an https URL or a path on this site.
 */
export const article = z.strictObject({
  id: z.string().min(1),
  handle: articleHandle,
  blog: blogHandle,
  title: z.string().min(1),
  image: z.string().nullable(),
  imageAlt: z.string().nullable(),
  excerpt: z.string().nullable(),
  author: z.string().nullable(),
  /** ISO 8601 timestamp. */
  publishedAt: z.string(),
  /** ISO 8601 timestamp of the last change (sitemap lastmod). */
  updatedAt: z.string(),
  tags: z.array(z.string()),
  contentHtml: z.string(),
})
export type Article = z.infer<typeof article>

/** GET /blogs/:blog/articles (SPEC §7: the site reads data.articles). Newest first. */
export const articleList = z.strictObject({ articles: z.array(article) })

/** Why articles could not be read; the route answers 502 with it (SPEC §7: data.error). */
export class ArticlesUnavailable extends Error {
  constructor(readonly reason: string) {
    super(reason)
    this.name = 'ArticlesUnavailable'
  }
}

/** Where articles come from: the local Markdown files or a Shopify store's blogs. */
export interface ArticlesSource {
  readonly name: 'local' | 'shopify'
  /** Every article of one blog, any order; throws ArticlesUnavailable when the source fails. */
  list(blog: BlogHandle): Promise<Article[]>
}
