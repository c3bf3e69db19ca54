import useSWR from 'swr'

import type { ResourcesTab } from '@/config/paths'
import { api, type ApiError } from '@/lib/api-client'

/** An article (SPEC §3 "Article"), as the content service sends it: `contentHtml` is sanitized on the server. */
export interface Article {
  id: string
  handle: string
  blog: BlogHandle
  title: string
  /** https URL or a path on this site; null when the article has none. */
  image: string | null
  imageAlt: string | null
  excerpt: string | null
  author: string | null
  /** ISO 8601 timestamp. */
  publishedAt: string
  tags: string[]
  contentHtml: string
}

/** The store's blogs (SPEC §7 "store blogs function": blogHandle resources or clinical-study). */
export type BlogHandle = 'resources' | 'clinical-study'

/** Each tab of /resources and the blog it lists; its label and load-failure text (SPEC §8 "Articles") are src/i18n/messages/articles' `articles.tab.<tab>` and `articles.failure.<tab>`. */
export const tabs: Record<ResourcesTab, { blog: BlogHandle }> = {
  resources: { blog: 'resources' },
  'clinical-studies': { blog: 'clinical-study' },
}

/** SWR key = API path. */
export const blogArticlesKey = (blog: BlogHandle) => `/content/blogs/${blog}/articles`
export const articleKey = (handle: string) => `/content/articles/${encodeURIComponent(handle)}`

/** GET /api/content/blogs/{blog}/articles: one blog's articles, newest first. */
export function useBlogArticles(blog: BlogHandle) {
  return useSWR<Article[], ApiError>(blogArticlesKey(blog), (key: string) => api.get<{ articles: Article[] }>(key).then((r) => r.articles), {
    revalidateOnFocus: false,
  })
}

/** GET /api/content/articles/{handle}: the article, looked up in both blogs by the service (404 when neither has it). */
export function useArticle(handle: string) {
  return useSWR<Article, ApiError>(articleKey(handle), (key: string) => api.get<Article>(key), {
    revalidateOnFocus: false,
    // A missing article stays missing; other failures are retried by SWR as usual.
    shouldRetryOnError: (err: ApiError) => err.status !== 404 && err.status !== 400,
  })
}
