import useSWR from 'swr'
import { PRACTICE_TESTIMONIALS as staticReviews, type Attribution, type PlaceSummary, type Review, type ReviewsResponse } from '@hearing/contracts'

import { api, type ApiError } from '@/lib/api-client'

/** SWR key = API path. */
export const reviewsKey = '/content/reviews'

/** GET /api/content/reviews (SPEC §7 "reviews function"). */
export function getReviews(): Promise<ReviewsResponse> {
  return api.get<ReviewsResponse>(reviewsKey)
}

export function useReviews() {
  return useSWR<ReviewsResponse, ApiError>(reviewsKey, getReviews, {
    // The service already falls back when its source fails; an error here means it could not be
    // reached at all, and the static testimonials are shown at once instead of retrying.
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  })
}

/** What the section shows: nothing yet, or reviews with their summary and attribution. */
export type ReviewsView =
  | { status: 'loading' }
  | { status: 'ready'; live: boolean; reviews: Review[]; place: PlaceSummary; attribution: Attribution }

/**
 * SPEC §4 "Reviews": loading, then the live reviews when the response has a non-empty list;
 * otherwise the three static testimonials (on an error, the fallback flag, or an empty list).
 * At most `limit` reviews (the home page has three columns).
 */
export function reviewsView(data: ReviewsResponse | undefined, error: unknown, limit = 3): ReviewsView {
  if (data && !data.fallback && data.reviews.length > 0) {
    return { status: 'ready', live: true, reviews: data.reviews.slice(0, limit), place: data.place, attribution: data.attribution }
  }
  if (data || error) {
    return { status: 'ready', live: false, reviews: staticReviews.reviews.slice(0, limit), place: staticReviews.place, attribution: staticReviews.attribution }
  }
  return { status: 'loading' }
}
