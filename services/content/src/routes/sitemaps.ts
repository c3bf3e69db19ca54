import { errorBody, errorPayload, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { ArticlesUnavailable } from '../articles/types.js'
import type { Database } from '../database.js'
import { EmptySitemap, ProductsUnavailable, renderSitemap, SITEMAP_TYPES, type SitemapSources } from '../sitemaps/sitemaps.js'

/**
 * GET /sitemap?type=index|main|articles|products: the site's XML sitemaps (SPEC §2 "backend
 * sitemap function with query parameter type"). The gateway serves the same XML at
 * /sitemap.xml, /sitemap-index.xml, /sitemap-main.xml, /sitemap-articles.xml and /sitemap-products.xml.
 * A source that cannot be read answers 503 with Retry-After: a crawler retries later instead of
 * reading an empty list as "everything was removed".
 */
export const sitemapRoutes: RouteGroup<Database, { sources: SitemapSources }> = (app, { sources }) => {
  app.get(
    '/sitemap',
    {
      schema: {
        querystring: z.object({ type: z.enum(SITEMAP_TYPES, { error: `must be one of ${SITEMAP_TYPES.join(', ')}` }).default('index') }),
        response: { 200: z.string(), 400: errorBody, 404: errorBody, 503: errorBody },
      },
    },
    async (req, reply) => {
      try {
        const xml = await renderSitemap(req.query.type, sources)
        return reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(xml)
      } catch (err) {
        if (err instanceof EmptySitemap) return reply.code(404).send(errorPayload(404, `This sitemap is empty: ${err.message}.`))
        if (!(err instanceof ArticlesUnavailable || err instanceof ProductsUnavailable)) throw err
        app.log.warn({ type: req.query.type, reason: err.message }, 'sitemap source unavailable')
        return reply.code(503).header('retry-after', '300').send(errorPayload(503, 'The sitemap is being updated. Please try again later.'))
      }
    },
  )
}
