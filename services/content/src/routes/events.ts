import { errorBody, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { recordAnalyticsEvent } from '../analytics.js'
import type { Database } from '../database.js'

/** The events the site reports (SPEC §7), spelled exactly as it sends them. */
export const EVENT_NAMES = ['Contacted-us', 'Signed-in', 'Signed-up', 'book'] as const

// A path only: query strings and fragments can carry tokens (/setup-account?token=...) and are refused.
const path = z
  .string()
  .max(512, 'must be at most 512 characters')
  .regex(/^\/[^?#\s\p{Cc}]*$/u, 'must be a URL path starting with / (no query string, fragment or spaces)')
const route = z.string().min(1).max(200, 'must be at most 200 characters').regex(/^[^\p{Cc}]*$/u, 'must not contain control characters')

// Strict by hand: the kit makes only plain object bodies strict, not the branches of a union.
const body = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('page_view'), route, path }),
    z.strictObject({ type: z.literal('event'), name: z.enum(EVENT_NAMES, { error: `must be one of ${EVENT_NAMES.join(', ')}` }), path }),
  ],
  { error: "must be 'page_view' or 'event'" },
)

/** First-party analytics: page views and named events, with the signed-in user's id when there is one. */
export const eventsRoutes: RouteGroup<Database> = (app) => {
  app.post(
    '/events',
    { bodyLimit: 4096, schema: { body, response: { 202: z.object({ accepted: z.literal(true) }), 400: errorBody } } },
    async (req, reply) => {
      const event = req.body
      await recordAnalyticsEvent(app.db, {
        kind: event.type,
        name: event.type === 'event' ? event.name : null,
        route: event.type === 'page_view' ? event.route : null,
        path: event.path,
        user_id: req.user?.id ?? null,
      })
      return reply.code(202).send({ accepted: true })
    },
  )
}
