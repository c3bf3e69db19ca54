import escapeHtml from 'escape-html'

/**
 * The page head the web build pre-renders and the gateway writes for pages whose head depends on
 * data (articles, products): one way to mark, write and place it on both sides. Every tag is
 * marked data-seo, so the browser's head code (web/src/seo/apply-head.ts) finds and updates it in
 * place. Kept free of zod: the web's build and browser code import it.
 */

/** Marks the head block of index.html that the build and the gateway replace. */
export const SEO_HEAD_START = '<!--seo-head-->'
export const SEO_HEAD_END = '<!--/seo-head-->'

/**
 * Stands for the site's origin in the HTML the build writes; the gateway replaces it with its
 * PUBLIC_URL when it serves the page. Chosen so that neither HTML nor JSON escaping changes it.
 */
export const PUBLIC_URL_PLACEHOLDER = '%PUBLIC_URL%'

/**
 * Stands for the requested path (e.g. "/products/abc") in the heads of routes with a :param, which
 * are not pre-rendered: the gateway replaces it with the path it answers, HTML-escaped.
 */
export const PATH_PLACEHOLDER = '%PATH%'

/**
 * The parameter a :param route's loading state is pre-rendered with ("/products/__loading__"): the
 * gateway puts the requested one in its place (the language switch's link, say, works before the
 * scripts run). A path segment of its own, so it cannot match part of a real value.
 */
export const LOADING_PARAM = '__loading__'

/** Head tags of one route and, when pre-rendered, its whole page. */
export interface PageEntry {
  /** The head tags for this route, with PUBLIC_URL_PLACEHOLDER (and PATH_PLACEHOLDER for :param routes). */
  head: string
  /** File (relative to the build's dist/) holding the complete pre-rendered page, when there is one. */
  file?: string
  /** Send the pre-rendered file only when the URL has no query string. */
  dependsOnQuery?: boolean
  /** <html lang> of the page ("en" when absent). */
  lang?: string
}

/**
 * What the web build writes (dist/pages.json, web/src/entry-server.tsx) and the gateway reads
 * (gateway/src/spa.ts): per route pattern (English, and Spanish under /es) the head of its pages
 * and, for pre-rendered routes, the file with the whole page; the same for the 404 page; and a
 * default head for anything else.
 */
export interface PagesManifest {
  publicUrlPlaceholder: string
  pathPlaceholder: string
  routes: Record<string, PageEntry>
  notFound: PageEntry
  /** The 404 page for paths under /es (builds before the Spanish site have none). */
  spanishNotFound?: PageEntry
  /** Head for a route without an entry (should not happen: every spa-route has one). */
  fallback: PageEntry
}

/** "/about-us/" -> "/about-us"; "/" stays "/". The path as given (case kept), query left out by the caller. */
export function canonicalPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '')
  return trimmed === '' ? '/' : trimmed
}

/** JSON for a <script type="application/ld+json">: "<" and line separators escaped, so no text in the data can close the element early. */
export const serializeJsonLd = (data: unknown): string =>
  JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

export const seoMetaTag = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" data-seo />`

export const seoCanonicalTag = (url: string) => `<link rel="canonical" href="${escapeHtml(url)}" data-seo />`

export const seoJsonLdTag = (data: unknown) => `<script type="application/ld+json" data-seo>${serializeJsonLd(data)}</script>`

/** The page's largest picture, asked for with the page instead of once its scripts have run. */
export const preloadImageTag = (href: string) => `<link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high" />`

/** An API answer the page's scripts will ask for, asked for with the page; crossorigin="anonymous": the same mode and credentials as the app's fetch, so the answer is reused. */
export const preloadFetchTag = (href: string) => `<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin="anonymous" />`

/** One page's head as data: what both the web build and the gateway write. */
export interface SeoHeadTags {
  /** As shown: the page's title with the brand. */
  title: string
  description: string
  robots: string
  /** Absolute URL; none for a 404 page. */
  canonical?: string | undefined
  /** og:type: website, article, product. */
  type: string
  siteName: string
  /** og:locale, e.g. en_US. */
  ogLocale: string
  /** The page in each language (hreflang links); none for pages in one language. */
  alternates?: ReadonlyArray<{ hreflang: string; href: string }> | undefined
  /** Absolute URL of a preview image, with its size and text when known. */
  image?: string | undefined
  imageWidth?: number | undefined
  imageHeight?: number | undefined
  imageAlt?: string | undefined
  /** Open Graph properties of the page's type (article:*, product:*), in order. */
  properties?: ReadonlyArray<readonly [property: string, value: string]> | undefined
  /** Early requests (preloadImageTag, preloadFetchTag), as tags. */
  preloads?: readonly string[] | undefined
  jsonLd?: unknown
}

/** The head's tags, one a line (indented for index.html), in one order on both sides. */
export function renderSeoHead(head: SeoHeadTags): string {
  const meta = seoMetaTag
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    head.canonical ? seoCanonicalTag(head.canonical) : '',
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', head.siteName),
    meta('property', 'og:locale', head.ogLocale),
    ...(head.alternates ?? []).map((a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}" data-seo />`),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonical ? meta('property', 'og:url', head.canonical) : '',
    ...(head.image
      ? [
          meta('property', 'og:image', head.image),
          head.imageWidth !== undefined ? meta('property', 'og:image:width', String(head.imageWidth)) : '',
          head.imageHeight !== undefined ? meta('property', 'og:image:height', String(head.imageHeight)) : '',
          head.imageAlt ? meta('property', 'og:image:alt', head.imageAlt) : '',
        ]
      : []),
    ...(head.properties ?? []).map(([property, value]) => meta('property', property, value)),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    ...(head.preloads ?? []),
    head.jsonLd !== undefined ? seoJsonLdTag(head.jsonLd) : '',
  ]
  return tags.filter(Boolean).join('\n    ')
}

/**
 * `html` (index.html or a pre-rendered page) with its head block, between SEO_HEAD_START and
 * SEO_HEAD_END, replaced by `tags`, and the page's language on <html>; undefined when it has no
 * such block.
 */
export function withSeoHead(html: string, tags: string, lang = 'en'): string | undefined {
  const start = html.indexOf(SEO_HEAD_START)
  const end = html.indexOf(SEO_HEAD_END)
  if (start < 0 || end < start) return undefined
  const filled = `${html.slice(0, start)}${SEO_HEAD_START}\n    ${tags}\n    ${html.slice(end)}`
  return lang === 'en' ? filled : filled.replace('<html lang="en">', `<html lang="${escapeHtml(lang)}">`)
}
