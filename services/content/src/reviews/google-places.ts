import { z } from 'zod'
import { fallbackReviews, STATIC_REVIEWS } from './static-reviews.js'
import { review as reviewSchema, type Review, type ReviewsResponse } from '@hearing/contracts'
import type { ReviewsProvider } from './types.js'

/**
 * Google Places API (New), Place Details (shared/contracts.md §3):
 *   GET {base}/v1/places/{PLACE_ID}   X-Goog-Api-Key, X-Goog-FieldMask (required; billing follows it)
 *
 * Terms (Maps Platform policies, contracts.md §3):
 * - Nothing from Places is cached or stored: every call fetches live. The place ID (configuration) is
 *   the only datum we keep. Concurrent requests share one in-flight call, which keeps nothing after
 *   it answers. After a failure, calls pause for a short cool-down (no content is kept for that
 *   either: the static testimonials are served).
 * - Google content is attributed to "Google Maps", and each review to its author (name, link,
 *   photo), near the content: the response carries both, the page shows both.
 */

/** Only the fields we show. Reviews: "sorted by relevance, maximum of 5". */
export const FIELD_MASK = 'rating,userRatingCount,googleMapsUri,reviews'

/** After a failure, live calls pause this long (the static testimonials are served meanwhile). */
export const FAILURE_COOL_DOWN_MS = 60_000

/** Why live reviews were not served; logged, never shown. */
export type FailureReason =
  | `http_${number}`
  | 'timeout'
  | 'network'
  | 'malformed'
  | 'no_reviews'

/** The part of a pino logger this needs (app.log in the service). */
export interface ReviewsLog {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

export interface GooglePlacesOptions {
  apiKey: string
  placeId: string
  baseUrl: string
  timeoutMs: number
  log: ReviewsLog
  /** Milliseconds since the epoch; tests move it to pass the cool-down. */
  now?: () => number
}

const https = z.url({ protocol: /^https$/ })
const localizedText = z.object({ text: z.string() })

/** A Place as the field mask returns it; unknown fields ignored, absent fields allowed (a new place has no rating). */
const place = z.object({
  rating: z.number().min(1).max(5).optional(),
  userRatingCount: z.number().int().min(0).optional(),
  googleMapsUri: https.optional(),
  reviews: z.array(z.unknown()).optional(),
})

const googleReview = z.object({
  rating: z.number().int().min(1).max(5),
  text: localizedText.optional(),
  originalText: localizedText.optional(),
  authorAttribution: z.object({
    displayName: z.string().min(1),
    uri: https.optional().catch(undefined),
    photoUri: https.optional().catch(undefined),
  }),
  publishTime: z.string().min(1),
  relativePublishTimeDescription: z.string().min(1).optional(),
  googleMapsUri: https.optional().catch(undefined),
})

class LiveReviewsFailure extends Error {
  constructor(
    readonly reason: FailureReason,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(reason)
  }
}

/** One Google review as we show it; undefined for a review without text (a rating alone is not shown). */
function toReview(raw: unknown): Review | undefined {
  const parsed = googleReview.safeParse(raw)
  if (!parsed.success) return undefined
  const r = parsed.data
  const text = (r.text?.text ?? r.originalText?.text ?? '').trim()
  if (!text) return undefined
  const mapped: Review = {
    name: r.authorAttribution.displayName,
    rating: r.rating,
    text,
    date: r.publishTime,
    relative_date: r.relativePublishTimeDescription,
    author_url: r.authorAttribution.uri,
    author_photo_url: r.authorAttribution.photoUri,
    review_url: r.googleMapsUri,
  }
  for (const key of Object.keys(mapped) as Array<keyof Review>) if (mapped[key] === undefined) delete mapped[key]
  return reviewSchema.safeParse(mapped).success ? mapped : undefined
}

/** The live provider: Google Places place details, falling back to the static testimonials on any failure. */
export function googlePlacesProvider(options: GooglePlacesOptions): ReviewsProvider {
  const { apiKey, placeId, baseUrl, timeoutMs, log, now = Date.now } = options
  const url = new URL(`/v1/places/${encodeURIComponent(placeId)}`, baseUrl)
  url.searchParams.set('languageCode', 'en')

  let inFlight: Promise<ReviewsResponse> | undefined
  let pausedUntil = 0

  async function fetchLive(): Promise<ReviewsResponse> {
    let res: Response
    try {
      res = await fetch(url, {
        headers: { 'X-Goog-Api-Key': apiKey, 'X-Goog-FieldMask': FIELD_MASK, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (err) {
      const name = (err as Error | undefined)?.name
      throw new LiveReviewsFailure(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network')
    }

    let body: unknown
    try {
      const text = await res.text()
      body = text ? JSON.parse(text) : undefined
    } catch (err) {
      if ((err as Error).name === 'TimeoutError' || (err as Error).name === 'AbortError') throw new LiveReviewsFailure('timeout')
      if (res.ok) throw new LiveReviewsFailure('malformed')
    }
    if (!res.ok) {
      // Google's error envelope: { error: { code, message, status } }. Only the status word is logged.
      const status = (body as { error?: { status?: unknown } } | undefined)?.error?.status
      throw new LiveReviewsFailure(`http_${res.status}`, typeof status === 'string' ? { google_status: status.slice(0, 40) } : {})
    }

    const parsed = place.safeParse(body)
    if (!parsed.success) throw new LiveReviewsFailure('malformed')
    const reviews = (parsed.data.reviews ?? []).map(toReview).filter((r): r is Review => r !== undefined)
    if (reviews.length === 0 || parsed.data.rating === undefined) throw new LiveReviewsFailure('no_reviews')

    const mapsUrl = parsed.data.googleMapsUri ?? STATIC_REVIEWS.place.maps_url
    return {
      reviews: reviews.slice(0, 5),
      place: {
        rating: Math.round(parsed.data.rating * 10) / 10,
        total_reviews: parsed.data.userRatingCount ?? reviews.length,
        maps_url: mapsUrl,
      },
      attribution: { source: 'google', text: 'Reviews from Google Maps', url: mapsUrl },
      fallback: false,
    }
  }

  async function getReviews(): Promise<ReviewsResponse> {
    if (now() < pausedUntil) return fallbackReviews()
    inFlight ??= fetchLive()
      .catch((err: unknown) => {
        const failure = err instanceof LiveReviewsFailure ? err : new LiveReviewsFailure('malformed')
        // No review text, author or key in the log: only why, and for how long live calls pause.
        const line = { provider: 'google-places', reason: failure.reason, ...failure.detail, cool_down_ms: FAILURE_COOL_DOWN_MS }
        if (failure.reason === 'no_reviews') log.info(line, 'Google returned no reviews to show; serving the static testimonials')
        else log.warn(line, 'Live reviews unavailable; serving the static testimonials')
        pausedUntil = now() + FAILURE_COOL_DOWN_MS
        return fallbackReviews()
      })
      .finally(() => {
        inFlight = undefined
      })
    return inFlight
  }

  return { name: 'google', getReviews }
}
