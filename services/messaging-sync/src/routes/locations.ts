import type { RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import type { Database } from '../database.js'
import type { MessagingProvider } from '../providers/provider.js'

const location = z.object({ uid: z.string(), name: z.string() })

/** The spec's get_locations: every clinic a patient can choose. */
export const locationsRoutes: RouteGroup<Database, { provider: MessagingProvider }> = (app, { provider }) => {
  app.get('/locations', { schema: { response: { 200: z.array(location) } } }, async () => provider.getLocations())
}
