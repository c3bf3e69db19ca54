import { headFor, alternateLinks, type HeadData, type SeoOverride } from './head'
import { serializeJsonLd } from '@hearing/contracts'
import { staffRoutes } from '../config/spa-routes'
import { currentLocale } from '../i18n/i18n'
import { notFoundSeoFor, seoForRoute, shareImage } from './pages'

/**
 * Writes a page's head into document.head in the browser, updating the tags the server sent
 * (marked data-seo) in place. Loaded with the first client-side navigation (see route-seo.tsx) or
 * with a page that calls usePageSeo.
 */

/** The path whose head a page has set itself (usePageSeo): the route's defaults must not replace it. */
let overriddenPath: string | null = null

const origin = () => window.location.origin

/** The route's own head (src/seo/pages.ts) for `pathname`, unless the page has already set its own. */
export function applyRouteHead(pattern: string | undefined, pathname: string) {
  if (overriddenPath === pathname) return
  const notFound = pattern === undefined
  applyHead(
    headFor(notFound ? notFoundSeoFor() : seoForRoute(pattern), { base: origin(), path: pathname, canonical: !notFound, ...languages(pattern) }),
  )
}

/** A page's own head values over its route's defaults (usePageSeo). */
export function applyPageHead(route: string, pathname: string, override: SeoOverride) {
  overriddenPath = pathname
  applyHead(headFor(seoForRoute(route), { base: origin(), path: pathname, override, ...languages(route) }))
}

/** `pathname` is the router's (the English path): the page's language and whether it has a twin. */
const languages = (pattern: string | undefined) => ({
  locale: currentLocale(),
  bilingual: pattern !== undefined && !(staffRoutes as readonly string[]).includes(pattern),
})

/** A new path: the previous page's own values no longer apply. */
export function forgetPageHead(pathname: string) {
  if (overriddenPath !== pathname) overriddenPath = null
}

export function applyHead(head: HeadData) {
  document.title = head.title
  setMeta('name', 'description', head.description)
  setMeta('name', 'robots', head.robots)
  setLink('canonical', head.canonical)
  setMeta('property', 'og:type', head.type)
  setMeta('property', 'og:title', head.title)
  setMeta('property', 'og:description', head.description)
  setMeta('property', 'og:url', head.canonical)
  setMeta('property', 'og:image', head.image)
  const sharing = head.image?.endsWith(shareImage.path) ?? false
  setMeta('property', 'og:image:width', sharing ? String(shareImage.width) : undefined)
  setMeta('property', 'og:image:height', sharing ? String(shareImage.height) : undefined)
  setMeta('property', 'og:image:alt', sharing ? shareImage.alt : undefined)
  setMeta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary')
  document.head.querySelectorAll('link[rel="alternate"][hreflang]').forEach((link) => link.remove())
  for (const { hreflang, href } of head.alternates ? alternateLinks(head.alternates) : []) {
    const link = document.createElement('link')
    link.rel = 'alternate'
    link.hreflang = hreflang
    link.href = href
    link.dataset.seo = ''
    document.head.append(link)
  }

  const json = head.jsonLd ? serializeJsonLd(head.jsonLd) : undefined
  const scripts = document.head.querySelectorAll<HTMLScriptElement>('script[type="application/ld+json"][data-seo]')
  if (scripts.length === 1 && json !== undefined && scripts[0]!.textContent === json) return
  scripts.forEach((script) => script.remove())
  if (json !== undefined) {
    const script = document.createElement('script')
    script.type = 'application/ld+json'
    script.dataset.seo = ''
    script.textContent = json
    document.head.append(script)
  }
}

function setMeta(attr: 'name' | 'property', key: string, value: string | undefined) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`)
  if (value === undefined) {
    tag?.remove()
    return
  }
  if (!tag) {
    tag = document.createElement('meta')
    tag.setAttribute(attr, key)
    tag.dataset.seo = ''
    document.head.append(tag)
  }
  if (tag.content !== value) tag.content = value
}

function setLink(rel: string, href: string | undefined) {
  let tag = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`)
  if (href === undefined) {
    tag?.remove()
    return
  }
  if (!tag) {
    tag = document.createElement('link')
    tag.rel = rel
    tag.dataset.seo = ''
    document.head.append(tag)
  }
  if (tag.href !== href) tag.href = href
}
