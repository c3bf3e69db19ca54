import { reviewsResponse } from '@hearing/contracts'
import type { RouteGroup } from '@hearing/service-kit'
import type { Database } from '../database.js'
import type { ReviewsProvider } from '../reviews/types.js'

/**
 * GET /reviews (through the gateway: /api/content/reviews): the home page's reviews, rating summary
 * and attribution (SPEC §7 "reviews function"). Always 200: a failing live source is answered with
 * the static testimonials and `fallback: true` (SPEC §8 "Reviews errors fall back silently").
 */
export const reviewsRoutes: RouteGroup<Database, { provider: ReviewsProvider }> = (app, { provider }) => {
  app.get('/reviews', { schema: { response: { 200: reviewsResponse } } }, async (_req, reply) => {
    const body = await provider.getReviews()
    // Google's terms forbid caching Places content, browsers included; our own testimonials may be.
    reply.header('cache-control', body.attribution.source === 'google' ? 'no-store' : 'public, max-age=300')
    return body
  })
}
