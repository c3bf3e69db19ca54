import { createService, storefrontClient, type BuildOptions, type SchemaPlan, type ServiceApp } from '@hearing/service-kit'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { collectionsRoutes } from './routes/collections.js'
import { ordersRoutes } from './routes/orders.js'
import { migrations } from './migrations/index.js'
import { seed } from './seed.js'
import { shopifyProductStore } from './shopify-store.js'
import { localProductStore } from './store.js'

export const SERVICE = 'catalogue'
export const SCHEMA = 'catalogue'

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan<Database> = { schema: SCHEMA, migrations, seed }

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks, background }: BuildOptions = {}): Promise<ServiceApp<Database>> {
  const app = await createService<Database>(config, { name: SERVICE, schema: SCHEMA, logLevel, jwks, background, outbox: {} })
  const db = app.db
  const store =
    config.STORE_PROVIDER === 'shopify'
      ? shopifyProductStore({
          db,
          log: app.log,
          request: storefrontClient({ storeUrl: config.SHOPIFY_STORE_URL!, token: config.SHOPIFY_STOREFRONT_TOKEN!, apiVersion: config.SHOPIFY_API_VERSION, timeoutMs: config.STORE_TIMEOUT_MS }),
        })
      : localProductStore(db)
  collectionsRoutes(app, db, store)
  ordersRoutes(app, db, store)
  return app
}
