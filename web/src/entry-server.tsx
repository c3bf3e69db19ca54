/**
 * Server entry of the build's pre-rendering step (`vite build --ssr src/entry-server.tsx`, then
 * scripts/prerender.mjs). Renders the public pages to HTML in Node with the same route tree, theme
 * and providers as the browser, collects styled-components' CSS, and writes the head of every
 * route (src/seo). The browser then hydrates that HTML (src/main.tsx).
 *
 * Nothing is fetched while rendering: SWR reads render their loading state, as they do on the
 * browser's first render, so hydration matches.
 */
import { LOADING_PARAM, PATH_PLACEHOLDER, PUBLIC_URL_PLACEHOLDER, type PageEntry, type PagesManifest } from '@hearing/contracts'
import { StrictMode, type ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import { ServerStyleSheet } from 'styled-components'

import { AppProvider } from './app/provider'
import { AppRoutes, pageModuleOf } from './app/router'
import { serverStyleTags } from './app/server-styles'
import { spaRoutes, staffRoutes, type SpaRoute } from './config/spa-routes'
import { activateLocale } from './i18n/i18n'
import { basenameFor, htmlLang, localizePath, type Locale } from './i18n/locale'
import { loadDeclaredSpanish } from './i18n/spanish'
import { fillTemplate, headFor, renderHeadTags } from './seo/head'
import { defaultSeo, isDynamicPattern, notFoundSeoFor, seoForRoute } from './seo/pages'
import { pageScriptPreloads, type BuildManifest } from './seo/page-scripts'
import { withLowPriorityScripts } from './seo/script-priority'

// Every page is rendered in Spanish too: all the Spanish texts, loaded once before the first render.
const spanishLoaded = loadDeclaredSpanish({ every: true })

/** A path no route matches: renders the "Oops! Page not found" page. */
const NOT_FOUND_PROBE = '/__pre-render-404__'

/**
 * The app's markup at `url` and the <style> tags it needs. Rejects if anything failed to render.
 *
 * React's prerender waits for every lazily imported page and section (a Suspense boundary renders
 * once its module is there) and returns the whole page. The HTML must be plain markup: React may
 * write a large boundary after the rest and move it in place with an inline <script>, which the
 * site's CSP (script-src 'self') blocks, leaving the boundary unfinished and hydration failing;
 * progressiveChunkSize below keeps every boundary in place. Checked, not assumed.
 */
export async function renderPage(url: string, locale: Locale = 'en'): Promise<{ appHtml: string; styleTags: string }> {
  await spanishLoaded
  activateLocale(locale)
  const page = await renderOnce(url, locale)
  if (/<script\b/i.test(page.appHtml)) {
    throw new Error(`${url}: the pre-rendered HTML holds an inline <script>; the CSP would block it`)
  }
  return page
}

/** `url`: the English path; a Spanish page renders it under the basename /es, as the browser does. */
async function renderOnce(url: string, locale: Locale): Promise<{ appHtml: string; styleTags: string }> {
  const sheet = new ServerStyleSheet()
  const errors: unknown[] = []
  try {
    const app: ReactNode = (
      <StrictMode>
        <AppProvider>
          <StaticRouter location={localizePath(locale, url)} basename={basenameFor(locale)}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </StrictMode>
    )
    const { prelude } = await prerender(sheet.collectStyles(app), {
      // React outlines large Suspense boundaries to paint early while streaming. Nothing streams
      // here, and the CSP would block the script that moves them: keep every boundary inline.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        errors.push(error)
      },
    })
    const appHtml = await new Response(prelude).text()
    // An error inside a Suspense boundary still produces HTML (the browser would render that part
    // again); for a page built ahead of time it is a bug, so the build stops.
    if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]))
    return { appHtml, styleTags: serverStyleTags(sheet.instance.toString()) }
  } finally {
    sheet.seal()
  }
}

export interface BuiltPages {
  /** What the gateway reads (dist/pages.json); every build has the Spanish 404 page. */
  manifest: PagesManifest & { spanishNotFound: PageEntry }
  /** Files to write under dist/: path relative to dist/ -> content. */
  files: Record<string, string>
}

/**
 * "/" -> "prerendered/index.html", "/about-us" -> "prerendered/about-us.html"; a route with a
 * parameter, "/products/:productId" -> "prerendered/products/loading.html" (its loading state).
 */
const fileFor = (pattern: string, locale: Locale) => {
  const dir = locale === 'es' ? 'prerendered/es' : 'prerendered'
  return isDynamicPattern(pattern) ? `${dir}${pattern.replace(/\/:[^/]+$/, '')}/loading.html` : `${dir}${pattern === '/' ? '/index' : pattern}.html`
}

/**
 * Renders every public, static route of spa-routes (SEO data `prerender: true`) and the 404 page
 * into `template` (dist/index.html), and writes the head of every other route.
 */
export async function buildPages(template: string, log: (line: string) => void = () => {}, buildManifest?: BuildManifest): Promise<BuiltPages> {
  const base = PUBLIC_URL_PLACEHOLDER
  // The page's own scripts, asked for with the page (src/seo/page-scripts.ts); none without a manifest (tests).
  const withPageScripts = (html: string, pattern: SpaRoute) => {
    const links = buildManifest ? pageScriptPreloads(buildManifest, pageModuleOf(pattern), html) : ''
    return links ? html.replace('</head>', () => `  ${links}\n  </head>`) : html
  }
  const files: Record<string, string> = {}
  const routesOut: Record<string, PageEntry> = {}

  await spanishLoaded
  for (const locale of ['en', 'es'] as const) {
    activateLocale(locale)
    const lang = htmlLang[locale]
    for (const pattern of spaRoutes as readonly string[]) {
      const staff = staffRoutes.includes(pattern as (typeof staffRoutes)[number])
      if (locale === 'es' && staff) continue
      const seo = seoForRoute(pattern)
      const dynamic = isDynamicPattern(pattern)
      const head = renderHeadTags(headFor(seo, { base, path: dynamic ? PATH_PLACEHOLDER : pattern, locale, bilingual: !staff }))
      const key = localizePath(locale, pattern)
      if (seo.prerender) {
        // A route with a parameter is pre-rendered in its loading state (the page frame and the
        // skeleton the browser shows until its data arrives): something to paint before the scripts run.
        const { appHtml, styleTags } = await renderPage(dynamic ? pattern.replace(/:[^/]+/g, LOADING_PARAM) : pattern, locale)
        const file = fileFor(pattern, locale)
        // The page's own scripts with its HTML on the pages whose main content waits for them (the
        // data they fetch: products, articles, the pages of a product or an article); on the others, which paint from their HTML, they would
        // share a slow connection with the page's image and delay its largest paint (Lighthouse: / 1.8 -> 2.1 s).
        const page = fillTemplate(template, { tags: head, extraHead: styleTags, appHtml, lang })
        files[file] = withLowPriorityScripts(seo.preloadData || dynamic ? withPageScripts(page, pattern as SpaRoute) : page)
        routesOut[key] = { head, file, lang, ...(seo.dependsOnQuery ? { dependsOnQuery: true } : {}) }
        log(`pre-rendered ${key}`)
      } else {
        routesOut[key] = { head, lang }
      }
    }
  }

  activateLocale('en')
  const notFoundHead = renderHeadTags(headFor(notFoundSeoFor(), { base, path: '/', canonical: false }))
  const notFound = await renderPage(NOT_FOUND_PROBE)
  files['prerendered/404.html'] = withLowPriorityScripts(fillTemplate(template, { tags: notFoundHead, extraHead: notFound.styleTags, appHtml: notFound.appHtml }))
  log('pre-rendered the 404 page')
  activateLocale('es')
  const spanishNotFoundHead = renderHeadTags(headFor(notFoundSeoFor(), { base, path: '/', canonical: false, locale: 'es' }))
  const spanishNotFound = await renderPage(NOT_FOUND_PROBE, 'es')
  files['prerendered/es/404.html'] = withLowPriorityScripts(fillTemplate(template, { tags: spanishNotFoundHead, extraHead: spanishNotFound.styleTags, appHtml: spanishNotFound.appHtml, lang: 'es' }))
  log('pre-rendered the Spanish 404 page')
  activateLocale('en')

  return {
    manifest: {
      publicUrlPlaceholder: PUBLIC_URL_PLACEHOLDER,
      pathPlaceholder: PATH_PLACEHOLDER,
      routes: routesOut,
      notFound: { head: notFoundHead, file: 'prerendered/404.html' },
      spanishNotFound: { head: spanishNotFoundHead, file: 'prerendered/es/404.html', lang: 'es' },
      fallback: { head: renderHeadTags(headFor(defaultSeo, { base, path: PATH_PLACEHOLDER })) },
    },
    files,
  }
}
