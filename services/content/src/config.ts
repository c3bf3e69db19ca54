import { env, serviceEnvSchema } from '@hearing/service-kit'
import { z } from 'zod'

/** An optional variable: unset and empty (docker compose's `${X:-}`) both mean "not set". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

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
  })
  .superRefine((config, ctx) => {
    if (config.REVIEWS_PROVIDER !== 'google') return
    for (const name of ['GOOGLE_PLACES_API_KEY', 'GOOGLE_PLACE_ID'] as const) {
      if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when REVIEWS_PROVIDER=google' })
    }
  })
export type Config = z.output<typeof configSchema>
