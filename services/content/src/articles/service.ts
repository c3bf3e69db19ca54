import { ArticlesUnavailable, BLOG_HANDLES, type Article, type ArticlesSource, type BlogHandle } from './types.js'

export interface Articles {
  /** One blog's articles, newest first. Throws ArticlesUnavailable. */
  list(blog: BlogHandle): Promise<Article[]>
  /**
   * The article with this handle, looking in each blog in turn and skipping a blog that fails
   * (SPEC §7: "article page tries both handles in turn, skipping on error"). Undefined when no
   * blog has it; throws ArticlesUnavailable only when every blog failed.
   */
  find(handle: string): Promise<Article | undefined>
  /** Every article of both blogs (sitemap); throws if a blog fails. */
  all(): Promise<Article[]>
}

const newestFirst = (a: Article, b: Article) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || a.handle.localeCompare(b.handle)

export function articlesService(source: ArticlesSource): Articles {
  const list = async (blog: BlogHandle) => [...(await source.list(blog))].sort(newestFirst)
  return {
    list,
    async find(handle) {
      let failure: unknown
      for (const blog of BLOG_HANDLES) {
        try {
          const found = (await source.list(blog)).find((a) => a.handle === handle)
          if (found) return found
        } catch (err) {
          failure = err
        }
      }
      if (failure) throw failure instanceof ArticlesUnavailable ? failure : new ArticlesUnavailable('articles could not be read')
      return undefined
    },
    async all() {
      return (await Promise.all(BLOG_HANDLES.map(list))).flat()
    },
  }
}
