import { createFastify, installErrorHandler, redisReachable, type App } from '@hearing/service-kit'
import type { Config } from './config.js'
import { apiProxy } from './proxy.js'
import { rateLimiting } from './rate-limit.js'
import { securityHeaders } from './security.js'
import { spa } from './spa.js'
import { articlePages } from './seo/articles.js'
import { productPages } from './seo/products.js'
import { sitemapRoutes } from './sitemaps.js'
import { upstreams } from './upstreams.js'

export const SERVICE = 'gateway'

export interface BuildOptions {
  logLevel?: string | false
}

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL }: BuildOptions = {}): Promise<App> {
  const app = createFastify({
    name: SERVICE,
    logLevel,
    requestIds: 'generate',
    requestLog: 'answered',
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUSTED_PROXIES.length > 0 ? config.TRUSTED_PROXIES : false,
  })
  // The error handler only: the gateway's not-found handler is the SPA's 404 page (spa.ts).
  installErrorHandler(app)

  securityHeaders(app, { publicUrl: config.PUBLIC_URL })
  const redis = await rateLimiting(app, {
    redisUrl: config.REDIS_URL,
    max: config.RATE_LIMIT_MAX,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    nameSpace: config.RATE_LIMIT_PREFIX,
  })

  // The gateway's own reads (page heads, sitemaps) go to the services' replicas in turn.
  const content = upstreams(config.CONTENT_URL, { connectTimeoutMs: config.UPSTREAM_TIMEOUT_MS })
  const catalogue = upstreams(config.CATALOGUE_URL, { connectTimeoutMs: config.UPSTREAM_TIMEOUT_MS })
  // Canonical URLs, Open Graph URLs, JSON-LD and robots.txt name the site by its public origin.
  const site = await spa(app, {
    distDir: config.WEB_DIST_DIR,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    // An article or product page waits at most 3 s for its head; after that it is served with the route's default head.
    dynamicPages: [
      articlePages({ content: content.next, timeoutMs: Math.min(config.UPSTREAM_TIMEOUT_MS, 3000) }),
      productPages({ catalogue: catalogue.next, timeoutMs: Math.min(config.UPSTREAM_TIMEOUT_MS, 3000) }),
    ],
  })
  sitemapRoutes(app, { content: content.next, timeoutMs: config.UPSTREAM_TIMEOUT_MS })
  await app.register(apiProxy, { prefix: '/api', config })

  app.get('/healthz', { logLevel: 'warn' }, async () => ({ status: 'ok' }))
  // Ready when the SPA can be served. Redis is reported, not required (rate limits are then counted per process), and
  // upstreams are not probed: each service has probes of its own.
  app.get('/readyz', { logLevel: 'warn' }, async (_req, reply) => {
    const checks = {
      web: (await site.built()) ? 'up' : 'down',
      redis: (await redisReachable(redis)) ? 'up' : 'down',
    }
    const ready = checks.web === 'up'
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks })
  })
  return app
}
