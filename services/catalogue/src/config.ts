import { env, retentionEnv, serviceEnvSchema, storefrontEnv } from '@hearing/service-kit'
import { z } from 'zod'

export const configSchema = serviceEnvSchema
  .extend({
    /** messaging-sync's base URL: where the outbox relay hands the order e-mails and clinic messages. */
    MESSAGING_INTERNAL_URL: env.httpUrl.optional(),
    /** Where the per-address and per-recipient limits of order requests are counted, across replicas. */
    REDIS_URL: env.redisUrl,
    /** Prefix of this stack's keys in that Redis (the launcher gives every service the same one). */
    QUEUE_PREFIX: z.string().regex(/^[A-Za-z0-9:_-]{1,64}$/, 'letters, digits, ":", "_" or "-" only').default('bull'),
    /**
     * Where the products come from: `local` (the embedded default: data/products.json, checkout is an
     * order request the clinic calls back about) or `shopify` (the store's collections through the
     * Storefront API, checkout on Shopify).
     */
    STORE_PROVIDER: z.enum(['local', 'shopify']).default('local'),
    /** The store's Storefront API (required with STORE_PROVIDER=shopify). */
    ...storefrontEnv,
    /** How long one Storefront request may take before the last known catalogue is served. */
    STORE_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(5000),
    /** Order requests one address may send in an hour (a shared office or test network may need more). */
    ORDER_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(5),
    /** Closed order requests (fitted, cancelled) older than this many months are purged. */
    RETENTION_MONTHS: retentionEnv.months(24),
    RETENTION_SWEEP_HOURS: retentionEnv.RETENTION_SWEEP_HOURS,
  })
  .superRefine((config, ctx) => {
    if (config.STORE_PROVIDER !== 'shopify') return
    for (const name of ['SHOPIFY_STORE_URL', 'SHOPIFY_STOREFRONT_TOKEN'] as const) {
      if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STORE_PROVIDER=shopify' })
    }
  })
export type Config = z.output<typeof configSchema>
