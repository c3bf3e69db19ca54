import { serviceNamed } from '@hearing/contracts'
import { createService, routeGroup, storefrontClient, type BuildOptions, type SchemaPlan, type ServiceApp } from '@hearing/service-kit'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { checkoutRoutes } from './routes/checkout.js'
import { collectionsRoutes } from './routes/collections.js'
import { ordersRoutes } from './routes/orders.js'
import { migrations } from './migrations/index.js'
import { seed } from './seed.js'
import { shopifyProductStore } from './shopify-store.js'
import { localProductStore, type ProductStore } from './store.js'

export const SERVICE = 'catalogue'
export const SCHEMA = serviceNamed(SERVICE).schema

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan<Database> = { schema: SCHEMA, migrations, seed }

export async function buildApp(config: Config, { logLevel = config.LOG_LEVEL, jwks, background }: BuildOptions = {}): Promise<ServiceApp<Database>> {
  // Order requests' e-mails and clinic messages leave through the kit's outbox (MESSAGING_INTERNAL_URL).
  const app = await createService<Database>(config, { name: SERVICE, schema: SCHEMA, logLevel, jwks, background, outbox: {} })
  const store = productStore(config, app)
  await app.register(routeGroup(collectionsRoutes), { store })
  await app.register(routeGroup(checkoutRoutes), { store })
  await app.register(routeGroup(ordersRoutes), { store })
  return app
}

/** Where the products come from: the embedded catalogue, or a Shopify store (STORE_PROVIDER). */
function productStore(config: Config, app: ServiceApp<Database>): ProductStore {
  if (config.STORE_PROVIDER !== 'shopify') return localProductStore(app.db)
  return shopifyProductStore({
    db: app.db,
    log: app.log,
    request: storefrontClient({ storeUrl: config.SHOPIFY_STORE_URL!, token: config.SHOPIFY_STOREFRONT_TOKEN!, apiVersion: config.SHOPIFY_API_VERSION, timeoutMs: config.STORE_TIMEOUT_MS }),
  })
}
