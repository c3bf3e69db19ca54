import { PUBLIC_PAGES, serviceNamed } from '@hearing/contracts'
import { createService, registerPersonalDataRoutes, routeGroup, type BuildOptions, type SchemaPlan, type ServiceApp } from '@hearing/service-kit'
import { articlesSource } from './articles/provider.js'
import { articlesService } from './articles/service.js'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { migrations } from './migrations/index.js'
import { retention } from './retention.js'
import { contentPersonalData } from './personal-data.js'
import { reviewsProvider } from './reviews/provider.js'
import { articlesRoutes } from './routes/articles.js'
import { eventsRoutes } from './routes/events.js'
import { reviewsRoutes } from './routes/reviews.js'
import { sitemapRoutes } from './routes/sitemaps.js'
import { catalogueProducts } from './sitemaps/catalogue-products.js'

export const SERVICE = 'content'
export const SCHEMA = serviceNamed(SERVICE).schema

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan<Database> = { schema: SCHEMA, migrations }

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks, background }: BuildOptions = {}): Promise<ServiceApp<Database>> {
  const app = await createService<Database>(config, { name: SERVICE, schema: SCHEMA, migrations, logLevel, jwks, background, retention: retention(config) })
  const articles = articlesService(await articlesSource(config, app.log))
  await app.register(routeGroup(eventsRoutes))
  // Identity's "Download my data" and account deletion (service credential).
  registerPersonalDataRoutes(app, SERVICE, contentPersonalData(app.db))
  await app.register(routeGroup(reviewsRoutes), { provider: reviewsProvider(config, app.log) })
  await app.register(routeGroup(articlesRoutes), { articles })
  await app.register(routeGroup(sitemapRoutes), {
    sources: {
      origin: config.PUBLIC_URL,
      publicPages: [...PUBLIC_PAGES],
      articles: () => articles.all(),
      products: catalogueProducts(config.CATALOGUE_INTERNAL_URL),
    },
  })
  return app
}
