import type { Config } from '../config.js'
import { googlePlacesProvider, type ReviewsLog } from './google-places.js'
import { staticReviewsProvider } from './static-reviews.js'
import type { ReviewsProvider } from './types.js'

/** The configured reviews provider (REVIEWS_PROVIDER). */
export function reviewsProvider(config: Config, log: ReviewsLog): ReviewsProvider {
  if (config.REVIEWS_PROVIDER === 'static') return staticReviewsProvider
  // The config schema refuses google without both; checked again so a misuse fails loudly.
  if (!config.GOOGLE_PLACES_API_KEY || !config.GOOGLE_PLACE_ID) {
    throw new Error('REVIEWS_PROVIDER=google needs GOOGLE_PLACES_API_KEY and GOOGLE_PLACE_ID')
  }
  return googlePlacesProvider({
    apiKey: config.GOOGLE_PLACES_API_KEY,
    placeId: config.GOOGLE_PLACE_ID,
    baseUrl: config.GOOGLE_PLACES_BASE_URL,
    timeoutMs: config.REVIEWS_TIMEOUT_MS,
    log,
  })
}
