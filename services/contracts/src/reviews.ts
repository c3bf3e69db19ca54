import { z } from 'zod'

/** Only https links reach the page (an author link is the reviewer's, not ours to trust). */
const https = z.url({ protocol: /^https$/, error: 'must be an https URL' })

/**
 * GET /api/content/reviews answers with this shape (SPEC §3 "Review", §7 "reviews function": the site reads
 * data.reviews, data.place, data.attribution, data.fallback). Parsed on the way out, so nothing
 * beyond these fields ever leaves the service.
 */
export const review = z.strictObject({
  /** The reviewer's name as they chose to show it (Google: the author's display name). */
  name: z.string().min(1),
  age: z.number().int().positive().optional(),
  /** Where the reviewer lives, e.g. "Gainesville, GA". */
  location: z.string().min(1).optional(),
  rating: z.number().int().min(1).max(5),
  text: z.string().min(1),
  /** A short phrase from the review worth showing in bold. */
  highlight: z.string().min(1).optional(),
  /** ISO 8601 date or timestamp of the review. */
  date: z.string().min(1),
  /** Google: "2 weeks ago", as Google words it. */
  relative_date: z.string().min(1).optional(),
  /** Google's attribution for the author (required by Google's terms to be shown with the review). */
  author_url: https.optional(),
  author_photo_url: https.optional(),
  /** Google: the review on Google Maps. */
  review_url: https.optional(),
})
export type Review = z.infer<typeof review>

export const placeSummary = z.strictObject({
  /** Average rating, one decimal (e.g. 4.9). */
  rating: z.number().min(1).max(5),
  total_reviews: z.number().int().min(0),
  /** The practice's listing on Google Maps. */
  maps_url: https,
})
export type PlaceSummary = z.infer<typeof placeSummary>

/**
 * Who the reviews come from, shown beside them. `google`: Google Maps content, which Google's terms
 * require to be attributed to Google (and each review to its author). `practice`: the practice's own
 * testimonials.
 */
export const attribution = z.strictObject({
  source: z.enum(['google', 'practice']),
  text: z.string().min(1),
  /** Where the attribution links to (Google: the place on Google Maps); null for none. */
  url: https.nullable(),
})
export type Attribution = z.infer<typeof attribution>

export const reviewsResponse = z.strictObject({
  reviews: z.array(review),
  place: placeSummary,
  attribution,
  /** True when the live source failed (or had no reviews) and the static testimonials were served instead. */
  fallback: z.boolean(),
})
export type ReviewsResponse = z.infer<typeof reviewsResponse>
