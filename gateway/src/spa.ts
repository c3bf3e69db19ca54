import escapeHtml from 'escape-html'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import { canonicalPath, LOADING_PARAM, withSeoHead, type PageEntry, type PagesManifest } from '@hearing/contracts'
import { errorPayload } from '@hearing/service-kit'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { rawLastSegment } from './seo/head.js'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

const NOT_BUILT_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head>' +
  '<body><h1>The web app is not built</h1><p>Run <code>npm run build -w web</code>, then reload.</p></body></html>'

interface Route {
  pattern: string
  regex: RegExp
}

interface SpaBuild {
  /** false when WEB_DIST_DIR has no index.html. */
  built: boolean
  /** index.html: the app shell. */
  html: string
  /** Static patterns first: "/products/featured" wins over "/products/:productId", as in the SPA's router. */
  routes: Route[]
  /** Per-route heads and pre-rendered pages; absent in builds without the pre-rendering step. */
  pages?: PagesManifest
  /** Pre-rendered pages by file name (relative to WEB_DIST_DIR). */
  files: Map<string, string>
}

/**
 * One route pattern of spa-routes.json ("/products/:productId") as a regular expression. A :param
 * is exactly one non-empty segment; matching ignores case and a trailing slash, like the SPA's router.
 */
function routeMatcher(pattern: string): Route {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? '/[^/]+' : `/${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
  return { pattern, regex: new RegExp(`^${segments.join('')}/?$`, 'i') }
}

const isDynamic = (pattern: string) => pattern.includes('/:')

/**
 * A :param route's pre-rendered loading state names LOADING_PARAM where the route's parameter goes
 * (the link to the page in the other language): the requested one takes its place, HTML-escaped.
 */
function withRequestedParam(html: string, urlPath: string): string {
  return html.replaceAll(`/${LOADING_PARAM}`, `/${escapeHtml(rawLastSegment(urlPath))}`)
}

const ROUTES_FILE = 'spa-routes.json'
const PAGES_FILE = 'pages.json'
/** Where the pre-rendered pages live inside WEB_DIST_DIR: served only through the routes, never as files. */
const PRERENDERED_DIR = '/prerendered/'
const ROOT_ONLY = [routeMatcher('/')]

/**
 * The current build, re-read whenever index.html, spa-routes.json or pages.json changes (a rebuild
 * while the gateway runs replaces the hashed asset names that index.html refers to).
 */
function spaBuildLoader(dir: string, warn: (msg: string) => void): () => Promise<SpaBuild> {
  const indexPath = path.join(dir, 'index.html')
  const mtime = (file: string) => stat(file).then((s) => s.mtimeMs, () => null)
  let cached: { version: string; build: SpaBuild } | undefined
  return async () => {
    const [indexMtime, routesMtime, pagesMtime] = await Promise.all([
      mtime(indexPath),
      mtime(path.join(dir, ROUTES_FILE)),
      mtime(path.join(dir, PAGES_FILE)),
    ])
    if (indexMtime === null) return { built: false, html: NOT_BUILT_HTML, routes: ROOT_ONLY, files: new Map() }
    const version = `${indexMtime}:${routesMtime}:${pagesMtime}`
    if (cached?.version !== version) {
      const [html, routes, pages] = await Promise.all([readFile(indexPath, 'utf8'), loadRoutes(dir, warn), loadPages(dir, warn)])
      cached = { version, build: { built: true, html, routes, ...pages } }
    }
    return cached.build
  }
}

async function loadRoutes(dir: string, warn: (msg: string) => void): Promise<Route[]> {
  let text: string
  try {
    text = await readFile(path.join(dir, ROUTES_FILE), 'utf8')
  } catch {
    warn('spa-routes.json missing: only / is a known page, every other path answers 404')
    return ROOT_ONLY
  }
  try {
    const patterns: unknown = JSON.parse(text)
    if (!Array.isArray(patterns) || !patterns.every((p) => typeof p === 'string')) throw new Error('not an array of strings')
    const routes = patterns.map(routeMatcher)
    return [...routes.filter((r) => !isDynamic(r.pattern)), ...routes.filter((r) => isDynamic(r.pattern))]
  } catch (err) {
    warn(`spa-routes.json unusable (${(err as Error).message}): only / is a known page`)
    return ROOT_ONLY
  }
}

const isEntry = (value: unknown): value is PageEntry =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PageEntry).head === 'string' &&
  ((value as PageEntry).file === undefined || typeof (value as PageEntry).file === 'string')

/** pages.json and the pre-rendered files it names; without it pages are served as index.html is. */
async function loadPages(dir: string, warn: (msg: string) => void): Promise<Pick<SpaBuild, 'pages' | 'files'>> {
  const files = new Map<string, string>()
  let text: string
  try {
    text = await readFile(path.join(dir, PAGES_FILE), 'utf8')
  } catch {
    warn('pages.json missing: pages are served without their own head tags (build the web app with its pre-rendering step)')
    return { files }
  }
  try {
    const pages = JSON.parse(text) as PagesManifest
    const entries = [...Object.values(pages.routes ?? {}), pages.notFound, pages.fallback, ...(pages.spanishNotFound ? [pages.spanishNotFound] : [])]
    if (typeof pages.publicUrlPlaceholder !== 'string' || typeof pages.pathPlaceholder !== 'string' || !entries.every(isEntry)) {
      throw new Error('unexpected shape')
    }
    for (const file of new Set(entries.map((e) => e.file).filter((f): f is string => Boolean(f)))) {
      const full = path.resolve(dir, file)
      if (!full.startsWith(path.join(dir, PRERENDERED_DIR))) throw new Error(`${file} is outside ${PRERENDERED_DIR}`)
      files.set(file, await readFile(full, 'utf8'))
    }
    return { pages, files }
  } catch (err) {
    warn(`pages.json unusable (${(err as Error).message}): pages are served without their own head tags`)
    return { files: new Map() }
  }
}

/** index.html with the head block of the build replaced by `head`, and the page's language on <html>; as it is without the block. */
const withHead = (shell: string, head: string, lang = 'en'): string => withSeoHead(shell, head, lang) ?? shell

/** Spanish pages live under /es (web/src/i18n/locale.ts). */
const isSpanish = (urlPath: string) => /^\/es(\/|$)/i.test(urlPath)

/**
 * The value of the build's path placeholder: the page's English path ("/es/contact-us" ->
 * "/contact-us"); the heads build each language's address from it.
 */
function placeholderPath(urlPath: string): string {
  const path = canonicalPath(urlPath)
  if (!isSpanish(path)) return path
  const rest = path.slice(3)
  return rest === '' ? '/' : rest
}

/**
 * For a build without pages.json (built without the pre-rendering step): index.html's own title
 * and description, plus what every page needs — canonical URL, Open Graph tags and a robots
 * directive (404 pages: noindex, no canonical).
 */
function withGenericHead(shell: string, status: 200 | 404, canonical: string): string {
  if (shell.includes('rel="canonical"')) return shell
  const title = /<title>([^<]*)<\/title>/.exec(shell)?.[1] ?? ''
  const description = /<meta name="description" content="([^"]*)"/.exec(shell)?.[1] ?? ''
  const tags = [
    `<meta name="robots" content="${status === 200 ? 'index, follow' : 'noindex, follow'}" />`,
    status === 200 ? `<link rel="canonical" href="${escapeHtml(canonical)}" />` : '',
    '<meta property="og:type" content="website" />',
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    status === 200 ? `<meta property="og:url" content="${escapeHtml(canonical)}" />` : '',
  ].filter(Boolean)
  return shell.replace('</head>', () => `${tags.join('')}</head>`)
}

export interface Page {
  status: 200 | 404
  html: string
}

/**
 * The HTML for a GET of `url`: the route's pre-rendered page when there is one, else the app
 * shell with the route's head tags; unknown paths get the 404 page. The build's placeholders
 * become the public origin and, for routes with a :param, the requested path.
 */
export function renderPage(build: SpaBuild, url: string, publicOrigin: string): Page {
  const [urlPath = '/', query] = url.split('?', 2) as [string, string | undefined]
  const route = build.routes.find((r) => r.regex.test(urlPath))
  const status = route ? 200 : 404
  const { pages } = build
  if (!pages) return { status, html: build.built ? withGenericHead(build.html, status, `${publicOrigin}${route && !isDynamic(route.pattern) ? route.pattern : canonicalPath(urlPath)}`) : build.html }

  const notFound = (isSpanish(urlPath) && pages.spanishNotFound) || pages.notFound
  const entry = route ? (pages.routes[route.pattern] ?? pages.fallback) : notFound
  const file = entry.file && !(entry.dependsOnQuery && query) ? build.files.get(entry.file) : undefined
  const prerendered = file && route && isDynamic(route.pattern) ? withRequestedParam(file, urlPath) : file
  const html = (prerendered ?? withHead(build.html, entry.head, entry.lang))
    .replaceAll(pages.publicUrlPlaceholder, publicOrigin)
    .replaceAll(pages.pathPlaceholder, escapeHtml(placeholderPath(urlPath)))
  return { status, html }
}

/** Compressed copies of the pages sent most (pre-rendered ones repeat), per build. */
class CompressionCache {
  private entries = new Map<string, Buffer>()
  constructor(private readonly limit = 200) {}

  get(encoding: 'br' | 'gzip', html: string): Buffer {
    const key = `${encoding}:${html}`
    let body = this.entries.get(key)
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: html.length } })
          : gzipSync(html, { level: 9 })
      if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!)
      this.entries.set(key, body)
    }
    return body
  }
}

/** br when the client accepts it, else gzip, else none (q=0 means "not acceptable"). */
function pickEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name!.trim().toLowerCase()),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

/** Pages smaller than this go uncompressed: the saving would not pay for the work. */
const COMPRESS_FROM_BYTES = 1024

function sendHtml(req: FastifyRequest, reply: FastifyReply, page: Page, cache: CompressionCache) {
  reply.code(page.status).header('cache-control', REVALIDATE).header('vary', 'accept-encoding').type('text/html; charset=utf-8')
  const encoding = Buffer.byteLength(page.html) >= COMPRESS_FROM_BYTES ? pickEncoding(req.headers['accept-encoding']) : undefined
  if (!encoding) return reply.send(page.html)
  return reply.header('content-encoding', encoding).send(cache.get(encoding, page.html))
}

/**
 * A route whose head depends on data (an article, a product): `resolve` gives the page's head tags,
 * or status 404 when the thing does not exist (the SPA's shell is sent with that status, and renders
 * its own not-found view), or undefined to keep the route's default head.
 */
export interface DynamicPage {
  pattern: string
  resolve(urlPath: string, ctx: { origin: string; routeHead: string }): Promise<{ status: 200; head: string } | { status: 404 } | undefined>
}

/** The page for a GET of `url` when its route is one of `dynamic`; undefined to fall back to renderPage. */
async function renderDynamicPage(build: SpaBuild, url: string, publicOrigin: string, dynamic: readonly DynamicPage[]): Promise<Page | undefined> {
  const { pages } = build
  if (!pages || dynamic.length === 0) return undefined
  const urlPath = url.split('?', 1)[0]!
  const route = build.routes.find((r) => r.regex.test(urlPath))
  const handler = route && dynamic.find((d) => d.pattern === route.pattern)
  const routeHead = route && pages.routes[route.pattern]?.head
  if (!handler || !routeHead) return undefined
  const resolved = await handler.resolve(urlPath, { origin: publicOrigin, routeHead })
  if (!resolved) return undefined
  // Not found: the app shell (not the pre-rendered "Oops" page, which would not match what the
  // router renders for this path) with the 404 page's head (noindex, no canonical).
  if (resolved.status === 404) return { status: 404, html: withHead(build.html, pages.notFound.head).replaceAll(pages.publicUrlPlaceholder, publicOrigin) }
  // Found: the route's pre-rendered loading state when the build has one (painted before the scripts run).
  const file = pages.routes[route.pattern]?.file
  const loading = file && build.files.get(file)
  const page = loading ? withRequestedParam(loading, urlPath) : build.html
  // The route's early requests (<link rel="preload">: the data its scripts ask for) stay with the
  // page's own head; without them the data was only asked for once the scripts had run.
  const head = [resolved.head, ...(routeHead.match(/<link rel="preload"[^>]*>/g) ?? [])].join('\n    ')
  return { status: 200, html: withHead(page, head).replaceAll(pages.publicUrlPlaceholder, publicOrigin).replaceAll(pages.pathPlaceholder, escapeHtml(canonicalPath(urlPath))) }
}

export interface Spa {
  /** Whether WEB_DIST_DIR holds a build (readiness). */
  built(): Promise<boolean>
}

/**
 * Files of the build as they are (Vite's hashed /assets/* cached for a year, anything else
 * revalidated), and for every other GET an HTML page: status 200 on the SPA's routes, 404
 * elsewhere, where the SPA renders its "page not found". Public pages are sent pre-rendered and
 * every page with its own title, description, canonical URL, Open Graph tags, robots directive and
 * JSON-LD (web/src/seo). Also robots.txt, and the gateway's one not-found handler, so other methods
 * and unknown /api paths get the JSON 404.
 */
export async function spa(
  app: FastifyInstance,
  { distDir, publicUrl, dynamicPages = [] }: { distDir: string; publicUrl: string; dynamicPages?: readonly DynamicPage[] },
): Promise<Spa> {
  const current = spaBuildLoader(distDir, (msg) => app.log.warn(msg))
  const assetsDir = path.join(distDir, 'assets') + path.sep
  // Origin only (scheme, host, port): nothing in it needs escaping where it is written.
  const publicOrigin = new URL(publicUrl).origin
  const caches = new WeakMap<SpaBuild, CompressionCache>()
  const cacheFor = (build: SpaBuild) => {
    let cache = caches.get(build)
    if (!cache) caches.set(build, (cache = new CompressionCache()))
    return cache
  }

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    // Directories ("/", "/assets/") are not files: the not-found handler below answers them
    // ("/" is a page like any other) instead of @fastify/static's 403. Pre-rendered pages are
    // only sent through their routes (with the public URL filled in).
    allowedPath: (pathName) => !pathName.endsWith('/') && !pathName.toLowerCase().startsWith(PRERENDERED_DIR),
    preCompressed: true, // the web build writes .br and .gz beside each asset
    cacheControl: false, // set here instead:
    setHeaders: (reply, filePath) => reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE),
  })

  // Crawlers may read everything; the sitemap index lists the pages. Private pages say noindex themselves.
  app.get('/robots.txt', async (_req, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\n\nSitemap: ${publicOrigin}/sitemap.xml\n`),
  )

  // Pages are rate limited too: unknown paths must not be probed without limit.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (req, reply) => {
    const urlPath = req.url.split('?', 1)[0]!
    if ((req.method !== 'GET' && req.method !== 'HEAD') || urlPath === '/api' || urlPath.startsWith('/api/')) {
      return reply.code(404).send(errorPayload(404, `No route for ${req.method} ${urlPath}`))
    }
    const build = await current()
    const page = (await renderDynamicPage(build, req.url, publicOrigin, dynamicPages)) ?? renderPage(build, req.url, publicOrigin)
    return sendHtml(req, reply, page, cacheFor(build))
  })

  return { built: async () => (await current()).built }
}
