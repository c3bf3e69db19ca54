import { errorPayload } from '@hearing/service-kit'
import type { FastifyInstance } from 'fastify'

/** The sitemap URLs of the site and the content service's sitemap type each serves (SPEC §2, §3 "Sitemap type"). */
export const SITEMAP_ROUTES = {
  '/sitemap.xml': 'index',
  '/sitemap-index.xml': 'index',
  '/sitemap-main.xml': 'main',
  '/sitemap-articles.xml': 'articles',
  '/sitemap-products.xml': 'products',
} as const

/** Headers of the content service's answer that a crawler needs. */
const RELAYED = ['content-type', 'cache-control', 'retry-after'] as const

/**
 * The XML sitemaps, served at once at their own URLs (crawlers never see a "Generating sitemap..."
 * page or a redirect): each is the content service's GET /sitemap?type=…, relayed with its status,
 * content type and caching. The content service down answers 503 with Retry-After, so crawlers
 * come back instead of dropping the URLs.
 */
export function sitemapRoutes(app: FastifyInstance, { content, timeoutMs }: { content: () => string; timeoutMs: number }) {
  for (const [path, type] of Object.entries(SITEMAP_ROUTES)) {
    app.get(path, { preHandler: app.rateLimit() }, async (_req, reply) => {
      let res: Response
      try {
        res = await fetch(new URL(`/sitemap?type=${type}`, content()), { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/xml' } })
      } catch (err) {
        app.log.warn({ sitemap: type, reason: (err as Error).name }, 'content service unreachable for a sitemap')
        return reply.code(503).header('retry-after', '300').send(errorPayload(503, 'The sitemap is temporarily unavailable. Please try again later.'))
      }
      for (const name of RELAYED) {
        const value = res.headers.get(name)
        if (value) reply.header(name, value)
      }
      return reply.code(res.status).send(Buffer.from(await res.arrayBuffer()))
    })
  }
}
