import { PRACTICE_TESTIMONIALS, type ReviewsResponse } from '@hearing/contracts'
import type { ReviewsProvider } from './types.js'

/** The practice's testimonials: the one copy kept in @hearing/contracts, shared with the SPA. */
export const STATIC_REVIEWS: ReviewsResponse = PRACTICE_TESTIMONIALS

/** The embedded default provider: the practice's testimonials, always. */
export const staticReviewsProvider: ReviewsProvider = {
  name: 'static',
  getReviews: async () => STATIC_REVIEWS,
}

/** What a live provider answers when it cannot give live reviews. */
export const fallbackReviews = (): ReviewsResponse => ({ ...STATIC_REVIEWS, fallback: true })
