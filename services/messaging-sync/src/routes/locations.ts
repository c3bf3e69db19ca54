import type { RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import type { Database } from '../database.js'
import type { MessagingProvider } from '../providers/provider.js'

const location = z.object({ uid: z.string(), name: z.string() })

/** The spec's get_locations: every clinic a patient can choose. */
export const locationsRoutes: RouteGroup<Database, { provider: MessagingProvider }> = (app, { provider }) => {
  // The clinics change with a release or a provider's settings, not by the minute: browsers and the
  // gateway (API_CACHE_MAX_SECONDS) may keep the list for five minutes.
  app.get('/locations', { schema: { response: { 200: z.array(location) } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return provider.getLocations()
  })
}
