import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Marked } from 'marked'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { safeImageUrl, sanitizeArticleHtml } from './sanitize.js'
import { articleHandle, BLOG_HANDLES, type Article, type ArticlesSource, type BlogHandle } from './types.js'

/** services/content/articles: one folder per blog, one Markdown file per article. */
export const ARTICLES_DIR = fileURLToPath(new URL('../../articles', import.meta.url))

const isoDate = z.union([z.date(), z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/, 'must be a date such as 2025-03-14')])

/** The front matter every article file starts with (between two `---` lines). */
export const frontMatter = z.strictObject({
  title: z.string().min(1),
  handle: articleHandle,
  date: isoDate,
  updated: isoDate.optional(),
  author: z.string().min(1).optional(),
  tags: z.array(z.string().min(1)).max(10).default([]),
  excerpt: z.string().min(1).max(300),
  image: z.string().regex(/^\/media\/articles\/[a-z0-9-]+\.(svg|webp|png|jpg)$/, 'must be a file under /media/articles/').optional(),
  imageAlt: z.string().min(1).optional(),
  /** Not served: the topic whose drawing web/scripts/media/article-art.mjs makes at `image`. */
  illustration: z.string().regex(/^[a-z0-9-]+$/).optional(),
})

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString()

// A parser of our own: marked's global options stay untouched. Raw HTML in Markdown is allowed
// to pass here because the sanitizer below decides what survives.
const markdown = new Marked({ gfm: true, async: false })

/** One Markdown file (front matter + body) as an Article, its body rendered and sanitized. */
export function parseArticleFile(text: string, blog: BlogHandle, file = 'article'): Article {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text)
  if (!match) throw new Error(`${file}: no front matter (--- … ---) at the top`)
  const parsed = frontMatter.safeParse(parseYaml(match[1]!))
  if (!parsed.success) {
    throw new Error(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'front matter'}: ${i.message}`).join('; ')}`)
  }
  const meta = parsed.data
  const publishedAt = toIso(meta.date)
  return {
    id: `local:${blog}:${meta.handle}`,
    handle: meta.handle,
    blog,
    title: meta.title,
    image: safeImageUrl(meta.image),
    imageAlt: meta.image ? (meta.imageAlt ?? '') : null,
    excerpt: meta.excerpt,
    author: meta.author ?? null,
    publishedAt,
    updatedAt: meta.updated ? toIso(meta.updated) : publishedAt,
    tags: meta.tags,
    contentHtml: sanitizeArticleHtml(markdown.parse(match[2]!) as string),
  }
}

/** Reads every article of `dir` once; a file that does not parse stops the service at boot. */
export async function loadLocalArticles(dir = ARTICLES_DIR): Promise<Map<BlogHandle, Article[]>> {
  const blogs = new Map<BlogHandle, Article[]>()
  const handles = new Map<string, string>()
  for (const blog of BLOG_HANDLES) {
    const folder = path.join(dir, blog)
    const files = (await readdir(folder).catch(() => [] as string[])).filter((f) => f.endsWith('.md')).sort()
    const articles: Article[] = []
    for (const file of files) {
      const where = `${blog}/${file}`
      const parsedArticle = parseArticleFile(await readFile(path.join(folder, file), 'utf8'), blog, where)
      // The article page finds an article by handle alone, across both blogs.
      const seen = handles.get(parsedArticle.handle)
      if (seen) throw new Error(`${where}: handle "${parsedArticle.handle}" is already used by ${seen}`)
      handles.set(parsedArticle.handle, where)
      articles.push(parsedArticle)
    }
    blogs.set(blog, articles)
  }
  return blogs
}

/** The embedded default: the Markdown articles in the repository. */
export async function localArticlesSource(dir = ARTICLES_DIR): Promise<ArticlesSource> {
  const blogs = await loadLocalArticles(dir)
  return { name: 'local', list: async (blog) => blogs.get(blog) ?? [] }
}
