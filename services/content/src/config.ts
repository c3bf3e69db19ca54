import { env, optionalEnv as optional, retentionEnv, serviceEnvSchema, storefrontEnv } from '@hearing/service-kit'
import { z } from 'zod'

export const configSchema = serviceEnvSchema
  .extend({
    /**
     * Where the home page's reviews come from: `static` (the embedded default: the practice's own
     * testimonials) or `google` (Google Places API (New) place details, falling back to `static`).
     */
    REVIEWS_PROVIDER: z.enum(['static', 'google']).default('static'),
    /** Google Maps Platform key with the Places API (New) enabled (REVIEWS_PROVIDER=google). */
    GOOGLE_PLACES_API_KEY: optional(z.string().regex(/^\S+$/, 'must not contain spaces')),
    /** The practice's place ID, e.g. ChIJ… (REVIEWS_PROVIDER=google). The only Places datum we keep. */
    GOOGLE_PLACE_ID: optional(z.string().regex(/^[A-Za-z0-9_-]{10,300}$/, 'must be a Google place ID such as ChIJ…')),
    /** Base URL of the Places API; tests point it at a local fake. */
    GOOGLE_PLACES_BASE_URL: env.httpUrl.default('https://places.googleapis.com'),
    /**
     * How long one live reviews request may take before the static testimonials are served. At most
     * 10 s: the gateway gives up on a service after UPSTREAM_TIMEOUT_MS (10 s by default).
     */
    REVIEWS_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(3000),
    /** Where browsers reach the site: the sitemaps' absolute URLs. */
    PUBLIC_URL: env.httpUrl.default('http://localhost:8080').transform((url) => new URL(url).origin),
    /** The catalogue service's base URL (its GET /products feeds the products sitemap); unset: no products listed. */
    CATALOGUE_INTERNAL_URL: optional(env.httpUrl),
    /** Where articles come from: `local` (the embedded default: Markdown files in the repo) or `shopify` (Storefront blogs). */
    ARTICLES_PROVIDER: z.enum(['local', 'shopify']).default('local'),
    /** ARTICLES_PROVIDER=local: the folder with one sub-folder per blog (resources, clinical-study) of Markdown files; default: the repo's articles. */
    ARTICLES_DIR: optional(z.string().min(1)),
    /** The shop's Storefront API (required with ARTICLES_PROVIDER=shopify). */
    ...storefrontEnv,
    /** How long one Storefront request may take before the articles are reported unavailable. */
    ARTICLES_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(5000),
    /** Analytics events older than this many months are purged. */
    ANALYTICS_RETENTION_MONTHS: retentionEnv.months(13),
    RETENTION_SWEEP_HOURS: retentionEnv.RETENTION_SWEEP_HOURS,
  })
  .superRefine((config, ctx) => {
    if (config.ARTICLES_PROVIDER === 'shopify') {
      for (const name of ['SHOPIFY_STORE_URL', 'SHOPIFY_STOREFRONT_TOKEN'] as const) {
        if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when ARTICLES_PROVIDER=shopify' })
      }
    }
    if (config.REVIEWS_PROVIDER !== 'google') return
    for (const name of ['GOOGLE_PLACES_API_KEY', 'GOOGLE_PLACE_ID'] as const) {
      if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when REVIEWS_PROVIDER=google' })
    }
  })
export type Config = z.output<typeof configSchema>
