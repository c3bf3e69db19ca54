import { canonicalPath, preloadFetchTag, preloadImageTag, renderSeoHead, SEO_HEAD_END, SEO_HEAD_START, withSeoHead, type JsonLd } from '@hearing/contracts'
import { practice } from '../content/practice.ts'
import { localizePath, ogLocale, type Locale } from '../i18n/locale.ts'

import { shareImage, type PageSeo, type Robots } from './pages.ts'
import { formatTitle } from './title.ts'

/**
 * The head of one page as data, and as HTML. The same model is written into the HTML at build
 * time (pre-rendered pages, heads of the other routes) and applied to document.head by
 * <RouteSeo>/usePageSeo in the browser, so both say the same.
 *
 * Kept free of React, browser APIs and the '@/' alias: the pre-render step imports it in Node.
 */

export interface HeadData {
  title: string
  description: string
  robots: Robots
  /** Absolute URL; none for the 404 page. */
  canonical?: string
  type: PageSeo['type']
  /** Absolute URL of a preview image. */
  image?: string
  /** Path of an image to fetch early (PageSeo.preloadImage). */
  preloadImage?: string
  /** API path to fetch early (PageSeo.preloadData). */
  preloadData?: string
  jsonLd?: JsonLd
  locale: Locale
  /** The page in each language (hreflang), absolute URLs; none for English-only and 404 pages. */
  alternates?: { en: string; es: string }
}

/** Per-page values that replace the route's defaults (an article's own title, its JSON-LD, …). */
export interface SeoOverride {
  title?: string
  description?: string
  type?: PageSeo['type']
  image?: string
  robots?: Robots
  jsonLd?: JsonLd
}

/**
 * The head of the page at `path` (no query, no fragment) of a route whose SEO data is `seo`.
 * `canonical: false` for pages that must not name one (the 404 page).
 */
export function headFor(
  seo: PageSeo,
  {
    base,
    path,
    canonical = true,
    override = {},
    locale = 'en',
    bilingual = false,
  }: {
    base: string
    /** The English path ("/contact-us"), also for a Spanish page. */
    path: string
    canonical?: boolean
    override?: SeoOverride
    locale?: Locale
    /** The page exists in both languages: name both (hreflang). */
    bilingual?: boolean
  },
): HeadData {
  const jsonLd = override.jsonLd ?? seo.jsonLd?.(base)
  const page = canonicalPath(path)
  const url = (l: Locale) => `${base}${localizePath(l, page)}`
  return {
    title: formatTitle(override.title ?? seo.title, locale),
    description: override.description ?? seo.description,
    robots: override.robots ?? seo.robots,
    ...(canonical ? { canonical: url(locale) } : {}),
    type: override.type ?? seo.type,
    image: override.image ?? `${base}${shareImage.path}`,
    ...(seo.preloadImage ? { preloadImage: seo.preloadImage } : {}),
    ...(seo.preloadData ? { preloadData: seo.preloadData } : {}),
    ...(jsonLd ? { jsonLd } : {}),
    locale,
    ...(canonical && bilingual ? { alternates: { en: url('en'), es: url('es') } } : {}),
  }
}

/** The hreflang links of a page that exists in both languages; English is the default. */
export function alternateLinks(alternates: { en: string; es: string }): Array<{ hreflang: string; href: string }> {
  return [
    { hreflang: 'en', href: alternates.en },
    { hreflang: 'es', href: alternates.es },
    { hreflang: 'x-default', href: alternates.en },
  ]
}

/** The tags, one a line, every one marked data-seo (the browser side finds them by it): @hearing/contracts' renderSeoHead, as the gateway writes them. */
export function renderHeadTags(head: HeadData): string {
  const sharing = head.image?.endsWith(shareImage.path) ?? false
  return renderSeoHead({
    title: head.title,
    description: head.description,
    robots: head.robots,
    canonical: head.canonical,
    type: head.type,
    siteName: practice.name,
    ogLocale: ogLocale[head.locale],
    alternates: head.alternates && alternateLinks(head.alternates),
    image: head.image,
    ...(sharing ? { imageWidth: shareImage.width, imageHeight: shareImage.height, imageAlt: shareImage.alt } : {}),
    preloads: [...(head.preloadImage ? [preloadImageTag(head.preloadImage)] : []), ...(head.preloadData ? [preloadFetchTag(head.preloadData)] : [])],
    jsonLd: head.jsonLd,
  })
}

/**
 * index.html with its head block (between SEO_HEAD_START and SEO_HEAD_END) replaced by `tags`, plus any
 * `extraHead` (style tags) before </head>, and `appHtml` inside <div id="root">.
 */
export function fillTemplate(
  template: string,
  { tags, extraHead = '', appHtml = '', lang = 'en' }: { tags: string; extraHead?: string; appHtml?: string; lang?: string },
): string {
  let html = withSeoHead(template, tags, lang)
  if (html === undefined) throw new Error(`index.html has no ${SEO_HEAD_START} … ${SEO_HEAD_END} block`)
  if (extraHead) html = html.replace('</head>', () => `${extraHead}\n  </head>`)
  if (appHtml) {
    const root = '<div id="root"></div>'
    if (!html.includes(root)) throw new Error(`index.html has no ${root}`)
    html = html.replace(root, () => `<div id="root">${appHtml}</div>`)
  }
  return html
}
