import { PUBLIC_PAGES } from '@hearing/contracts'
import { createService, type BuildOptions, type SchemaPlan, type ServiceApp } from '@hearing/service-kit'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { eventsRoutes } from './routes/events.js'
import { reviewsRoutes } from './routes/reviews.js'
import { reviewsProvider } from './reviews/provider.js'
import { migrations } from './migrations/index.js'
import { articlesRoutes } from './routes/articles.js'
import { sitemapRoutes } from './routes/sitemaps.js'
import { articlesService } from './articles/service.js'
import { articlesSource } from './articles/provider.js'
import { catalogueProducts } from './sitemaps/catalogue-products.js'

export const SERVICE = 'content'
export const SCHEMA = 'content'

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan<Database> = { schema: SCHEMA, migrations }

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks }: BuildOptions = {}): Promise<ServiceApp<Database>> {
  const app = await createService<Database>(config, { name: SERVICE, schema: SCHEMA, logLevel, jwks })
  eventsRoutes(app, app.db)
  reviewsRoutes(app, reviewsProvider(config, app.log))
  const articles = articlesService(await articlesSource(config, app.log))
  articlesRoutes(app, articles)
  sitemapRoutes(app, {
    origin: config.PUBLIC_URL,
    publicPages: [...PUBLIC_PAGES],
    articles: () => articles.all(),
    products: catalogueProducts(config.CATALOGUE_INTERNAL_URL),
  })
  return app
}
