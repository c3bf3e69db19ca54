import { pagePathIn } from '@hearing/contracts'

import type { Article } from '../articles/types.js'
import { sitemapIndex, urlset, type SitemapEntry } from './xml.js'

export const SITEMAP_TYPES = ['index', 'main', 'articles', 'products'] as const
export type SitemapType = (typeof SITEMAP_TYPES)[number]

/** Where each sitemap is served on the site (the gateway's routes; SPEC §2). */
export const SITEMAP_PATHS: Record<Exclude<SitemapType, 'index'>, string> = {
  main: '/sitemap-main.xml',
  articles: '/sitemap-articles.xml',
  products: '/sitemap-products.xml',
}


/** A product as the catalogue's GET /products lists it (only what a sitemap needs). */
export interface ProductStamp {
  id: string
  updated_at?: string | null
}

/** Thrown when the catalogue cannot list its products: the products sitemap answers 503. */
export class ProductsUnavailable extends Error {}

/** A sitemap with no URL at all: the protocol's urlset needs at least one, so it is not served (404) nor listed in the index. */
export class EmptySitemap extends Error {}

function nonEmpty(list: SitemapEntry[], type: SitemapType): SitemapEntry[] {
  if (list.length === 0) throw new EmptySitemap(`no ${type} to list`)
  return list
}

export interface SitemapSources {
  /** Origin of the public site, no trailing slash. */
  origin: string
  publicPages: readonly string[]
  articles(): Promise<Array<Pick<Article, 'handle' | 'updatedAt'>>>
  products(): Promise<ProductStamp[]>
}

const newest = (dates: Array<string | null | undefined>) =>
  dates.filter((d): d is string => Boolean(d) && !Number.isNaN(Date.parse(d!))).sort((a, b) => Date.parse(b) - Date.parse(a))[0]

/**
 * Every page in both languages (English, and Spanish under /es), each entry naming both versions
 * and English as the default (xhtml:link hreflang), as search engines expect of translated pages.
 */
function bilingual(origin: string, path: string, lastmod?: string): SitemapEntry[] {
  const en = `${origin}${pagePathIn('en', path)}`
  const es = `${origin}${pagePathIn('es', path)}`
  const alternates = [
    { hreflang: 'en', href: en },
    { hreflang: 'es', href: es },
    { hreflang: 'x-default', href: en },
  ]
  return [en, es].map((loc) => ({ loc, alternates, ...(lastmod ? { lastmod } : {}) }))
}

export async function renderSitemap(type: SitemapType, src: SitemapSources): Promise<string> {
  const at = (path: string) => `${src.origin}${path}`
  switch (type) {
    case 'main':
      return urlset(src.publicPages.flatMap((path) => bilingual(src.origin, path)))
    case 'articles':
      return urlset(nonEmpty((await src.articles()).flatMap((a) => bilingual(src.origin, `/resources/${encodeURIComponent(a.handle)}`, a.updatedAt)), type))
    case 'products':
      return urlset(
        nonEmpty(
          (await src.products()).flatMap((p) =>
            bilingual(src.origin, `/products/${encodeURIComponent(p.id)}`, p.updated_at && !Number.isNaN(Date.parse(p.updated_at)) ? p.updated_at : undefined),
          ),
          type,
        ),
      )
    case 'index': {
      // lastmod only where it is known and true: the newest article and product. The main pages'
      // last change is not tracked, so that entry has none. An empty sitemap is not listed; one
      // whose source is down for a moment still is (the crawler retries it).
      const [articles, products] = await Promise.all([src.articles(), src.products().catch(() => undefined)])
      const list: SitemapEntry[] = [{ loc: at(SITEMAP_PATHS.main) }]
      if (articles.length > 0) list.push({ loc: at(SITEMAP_PATHS.articles), lastmod: newest(articles.map((a) => a.updatedAt)) })
      if (products === undefined || products.length > 0) {
        list.push({ loc: at(SITEMAP_PATHS.products), lastmod: products ? newest(products.map((p) => p.updated_at)) : undefined })
      }
      return sitemapIndex(list)
    }
  }
}

