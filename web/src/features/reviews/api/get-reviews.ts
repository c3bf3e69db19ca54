import useSWR from 'swr'

import { staticReviews } from '@/content/reviews'
import { api, type ApiError } from '@/lib/api-client'

/** A patient review (SPEC §3 "Review"), as GET /api/content/reviews sends it. */
export interface Review {
  name: string
  age?: number
  location?: string
  /** 1-5 */
  rating: number
  text: string
  highlight?: string
  /** ISO 8601 date or timestamp. */
  date: string
  /** Google reviews: "2 weeks ago", as Google words it. */
  relative_date?: string
  /** Google reviews: the author's profile and photo (attribution Google's terms require). */
  author_url?: string
  author_photo_url?: string
  /** Google reviews: the review on Google Maps. */
  review_url?: string
}

export interface PlaceSummary {
  rating: number
  total_reviews: number
  maps_url: string
}

export interface Attribution {
  /** google: content from Google Maps; practice: the practice's own testimonials. */
  source: 'google' | 'practice'
  text: string
  url: string | null
}

export interface ReviewsResponse {
  reviews: Review[]
  place: PlaceSummary
  attribution: Attribution
  /** The live source failed: these are the static testimonials. */
  fallback: boolean
}

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
