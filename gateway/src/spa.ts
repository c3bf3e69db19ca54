import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { errorPayload } from '@hearing/service-kit'
import type { FastifyInstance } from 'fastify'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

const NOT_BUILT_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head>' +
  '<body><h1>The web app is not built</h1><p>Run <code>npm run build -w web</code>, then reload.</p></body></html>'

interface SpaBuild {
  /** false when WEB_DIST_DIR has no index.html. */
  built: boolean
  html: string
  routes: RegExp[]
}

/**
 * One route pattern of spa-routes.json ("/products/:productId") as a regular expression. A :param
 * is exactly one non-empty segment; matching ignores case and a trailing slash, like the SPA's router.
 */
function routeMatcher(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? '/[^/]+' : `/${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
  return new RegExp(`^${segments.join('')}/?$`, 'i')
}

const ROUTES_FILE = 'spa-routes.json'
const ROOT_ONLY = [routeMatcher('/')]

/**
 * The current build, re-read whenever index.html or spa-routes.json changes (a rebuild while the
 * gateway runs replaces the hashed asset names that index.html refers to).
 */
function spaBuildLoader(dir: string, warn: (msg: string) => void): () => Promise<SpaBuild> {
  const indexPath = path.join(dir, 'index.html')
  const mtime = (file: string) => stat(file).then((s) => s.mtimeMs, () => null)
  let cached: { version: string; build: SpaBuild } | undefined
  return async () => {
    const [indexMtime, routesMtime] = await Promise.all([mtime(indexPath), mtime(path.join(dir, ROUTES_FILE))])
    if (indexMtime === null) return { built: false, html: NOT_BUILT_HTML, routes: ROOT_ONLY }
    const version = `${indexMtime}:${routesMtime}`
    if (cached?.version !== version) {
      cached = { version, build: { built: true, html: await readFile(indexPath, 'utf8'), routes: await loadRoutes(dir, warn) } }
    }
    return cached.build
  }
}

async function loadRoutes(dir: string, warn: (msg: string) => void): Promise<RegExp[]> {
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
    return patterns.map(routeMatcher)
  } catch (err) {
    warn(`spa-routes.json unusable (${(err as Error).message}): only / is a known page`)
    return ROOT_ONLY
  }
}

export interface Spa {
  /** Whether WEB_DIST_DIR holds a build (readiness). */
  built(): Promise<boolean>
}

/**
 * Files of the build as they are (Vite's hashed /assets/* cached for a year, anything else
 * revalidated), and for every other GET the SPA's index.html: status 200 on the SPA's routes, 404
 * elsewhere, where the SPA renders its "page not found". Also the gateway's one not-found handler,
 * so other methods and unknown /api paths get the JSON 404.
 */
export async function spa(app: FastifyInstance, { distDir }: { distDir: string }): Promise<Spa> {
  const current = spaBuildLoader(distDir, (msg) => app.log.warn(msg))
  const assetsDir = path.join(distDir, 'assets') + path.sep

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    // Directories ("/", "/assets/") are not files: the not-found handler below answers them
    // ("/" is a page like any other) instead of @fastify/static's 403.
    allowedPath: (pathName) => !pathName.endsWith('/'),
    preCompressed: true, // the web build writes .br and .gz beside each asset
    cacheControl: false, // set here instead:
    setHeaders: (reply, filePath) => reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE),
  })

  // Pages are rate limited too: unknown paths must not be probed without limit.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (req, reply) => {
    const urlPath = req.url.split('?', 1)[0]!
    if ((req.method !== 'GET' && req.method !== 'HEAD') || urlPath === '/api' || urlPath.startsWith('/api/')) {
      return reply.code(404).send(errorPayload(404, `No route for ${req.method} ${urlPath}`))
    }
    const build = await current()
    const known = build.routes.some((route) => route.test(urlPath))
    return reply
      .code(known ? 200 : 404)
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(build.html)
  })

  return { built: async () => (await current()).built }
}
