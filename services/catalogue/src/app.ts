import { serviceNamed } from '@hearing/contracts'
import { createService, registerPersonalDataRoutes, routeGroup, staffDirectoryClient, storefrontClient, type BuildOptions, type SchemaPlan, type ServiceApp } from '@hearing/service-kit'
import type { Config } from './config.js'
import type { Database } from './database.js'
import { checkoutRoutes } from './routes/checkout.js'
import { collectionsRoutes } from './routes/collections.js'
import { ORDER_RATE_DEFAULTS, ordersRoutes, type OrderRateLimits } from './routes/orders.js'
import { adminPatientOrderRoutes } from './routes/admin-patient-orders.js'
import { migrations } from './migrations/index.js'
import { retention } from './retention.js'
import { cataloguePersonalData } from './personal-data.js'
import { seed } from './seed.js'
import { shopifyProductStore } from './shopify-store.js'
import { localProductStore, type ProductStore } from './store.js'

export const SERVICE = 'catalogue'
export const SCHEMA = serviceNamed(SERVICE).schema

/** Migrations and reference data of this service's schema (migrate.js, tests). */
export const schemaPlan: SchemaPlan<Database> = { schema: SCHEMA, migrations, seed }

export interface CatalogueBuildOptions extends BuildOptions {
  /** The order requests' per-address and per-recipient limits (tests lower them). */
  orderLimits?: OrderRateLimits
}

export async function buildApp(
  config: Config,
  { logLevel = config.LOG_LEVEL, jwks, background, orderLimits = { ...ORDER_RATE_DEFAULTS, perAddress: { ...ORDER_RATE_DEFAULTS.perAddress, limit: config.ORDER_REQUESTS_PER_HOUR } } }: CatalogueBuildOptions = {},
): Promise<ServiceApp<Database>> {
  // Order requests' e-mails and clinic messages leave through the kit's outbox (MESSAGING_INTERNAL_URL).
  const app = await createService<Database>(config, { name: SERVICE, schema: SCHEMA, migrations, logLevel, jwks, background, outbox: {}, retention: retention(config) })
  const store = productStore(config, app)
  await app.register(routeGroup(collectionsRoutes), { store })
  await app.register(routeGroup(checkoutRoutes), { store })
  // Who may write an order note, by name: identity's staff directory.
  const staffDirectory = staffDirectoryClient({ identityUrl: config.IDENTITY_JWKS_URL, internalToken: config.INTERNAL_TOKEN })
  await app.register(routeGroup(ordersRoutes), { store, limits: orderLimits, keyPrefix: config.QUEUE_PREFIX, staffDirectory })
  await app.register(routeGroup(adminPatientOrderRoutes))
  // Identity's "Download my data" and account deletion (service credential).
  registerPersonalDataRoutes(app, SERVICE, cataloguePersonalData(app.db))
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
