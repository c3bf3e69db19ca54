import Fastify from 'fastify'

/**
 * A local stand-in for Google Places API (New) Place Details (shared/contracts.md §3), a real HTTP
 * server on port 0: GET /v1/places/:placeId with X-Goog-Api-Key and X-Goog-FieldMask.
 * - wrong or missing key: 403 PERMISSION_DENIED; missing field mask: 400 INVALID_ARGUMENT;
 *   unknown place: 404 NOT_FOUND (Google's error envelope { error: { code, message, status } });
 * - honours the field mask (top-level fields only) and caps reviews at 5;
 * - `mode` makes it fail the ways the real one can: 429, 5xx, a hang (timeout), a broken body.
 */

export const FAKE_API_KEY = 'fake-places-key-123'
export const FAKE_PLACE_ID = 'ChIJfakePlaceNorthGeorgia01'

export type FakeMode =
  | 'ok'
  | 'rate-limited' // 429 RESOURCE_EXHAUSTED
  | 'server-error' // 500 INTERNAL
  | 'unavailable' // 503 UNAVAILABLE
  | 'hang' // answers only after `hangMs`
  | 'not-json' // 200 with an HTML body
  | 'wrong-shape' // 200 JSON that is not a Place

export interface FakeCall {
  placeId: string
  apiKey: string | undefined
  fieldMask: string | undefined
  languageCode: string | undefined
}

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } })

export function googleReview(i: number, overrides: Record<string, unknown> = {}) {
  return {
    name: `places/${FAKE_PLACE_ID}/reviews/r${i}`,
    relativePublishTimeDescription: `${i} weeks ago`,
    rating: 5 - (i % 2),
    text: { text: `Review number ${i}: kind staff and clear explanations.`, languageCode: 'en' },
    originalText: { text: `Review number ${i}: kind staff and clear explanations.`, languageCode: 'en' },
    authorAttribution: {
      displayName: `Reviewer ${i}`,
      uri: `https://www.google.com/maps/contrib/${1000 + i}`,
      photoUri: `https://lh3.googleusercontent.com/a/photo${i}`,
    },
    publishTime: `2025-0${(i % 9) + 1}-10T15:04:05.123456Z`,
    flagContentUri: `https://www.google.com/local/review/rap/report?r=${i}`,
    googleMapsUri: `https://www.google.com/maps/reviews/data=r${i}`,
    visitDate: { year: 2025, month: 1 },
    ...overrides,
  }
}

export function defaultPlace(): Record<string, unknown> {
  return {
    id: FAKE_PLACE_ID,
    displayName: { text: 'North Georgia Hearing Care', languageCode: 'en' },
    formattedAddress: '100 Example St, Gainesville, GA 30501, USA',
    rating: 4.84,
    userRatingCount: 212,
    googleMapsUri: 'https://maps.google.com/?cid=123456789',
    reviews: [1, 2, 3, 4, 5, 6].map((i) => googleReview(i)),
  }
}

export async function startFakeGooglePlaces(t: { teardown(fn: () => unknown): void }) {
  const state = {
    mode: 'ok' as FakeMode,
    hangMs: 2000,
    place: defaultPlace(),
    calls: [] as FakeCall[],
  }
  const app = Fastify({ logger: false, forceCloseConnections: true })

  app.get<{ Params: { placeId: string }; Querystring: { languageCode?: string } }>('/v1/places/:placeId', async (req, reply) => {
    const apiKey = req.headers['x-goog-api-key'] as string | undefined
    const fieldMask = req.headers['x-goog-fieldmask'] as string | undefined
    state.calls.push({ placeId: req.params.placeId, apiKey, fieldMask, languageCode: req.query.languageCode })

    if (apiKey !== FAKE_API_KEY) {
      return reply.code(403).send(googleError(403, 'PERMISSION_DENIED', 'The provided API key is invalid.'))
    }
    if (!fieldMask) {
      return reply.code(400).send(googleError(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.'))
    }
    switch (state.mode) {
      case 'rate-limited':
        return reply.code(429).send(googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for quota metric.'))
      case 'server-error':
        return reply.code(500).send(googleError(500, 'INTERNAL', 'Internal error encountered.'))
      case 'unavailable':
        return reply.code(503).send(googleError(503, 'UNAVAILABLE', 'The service is currently unavailable.'))
      case 'hang':
        await new Promise((resolve) => setTimeout(resolve, state.hangMs))
        break
      case 'not-json':
        return reply.code(200).type('text/html').send('<html><body>Sorry…</body></html>')
      case 'wrong-shape':
        return reply.code(200).send({ rating: 'excellent', reviews: 'many' })
      case 'ok':
        break
    }
    if (req.params.placeId !== state.place.id) {
      return reply.code(404).send(googleError(404, 'NOT_FOUND', `Place '${req.params.placeId}' not found.`))
    }
    const fields = fieldMask === '*' ? Object.keys(state.place) : fieldMask.split(',')
    const body: Record<string, unknown> = {}
    for (const field of fields) {
      if (field in state.place) body[field] = state.place[field]
    }
    if (Array.isArray(body.reviews)) body.reviews = body.reviews.slice(0, 5)
    return reply.send(body)
  })

  await app.listen({ port: 0, host: '127.0.0.1' })
  t.teardown(() => app.close())
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('fake Google Places: no address')
  return Object.assign(state, { url: `http://127.0.0.1:${address.port}` })
}
