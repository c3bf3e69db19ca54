import t from 'tap'
import { loadConfig } from '@hearing/service-kit'
import { configSchema } from '../src/config.js'
import { FAILURE_COOL_DOWN_MS, FIELD_MASK, googlePlacesProvider } from '../src/reviews/google-places.js'
import { STATIC_REVIEWS } from '../src/reviews/static-reviews.js'
import { FAKE_API_KEY, FAKE_PLACE_ID, googleReview, startFakeGooglePlaces } from '@hearing/infra/fakes/google-places'
import { PRACTICE_TESTIMONIALS, reviewsResponse } from '@hearing/contracts'
import { build, testConfig } from './helper.js'

type Fake = Awaited<ReturnType<typeof startFakeGooglePlaces>>

const googleEnv = (fake: Fake, extra: Record<string, string> = {}) => ({
  REVIEWS_PROVIDER: 'google',
  GOOGLE_PLACES_API_KEY: FAKE_API_KEY,
  GOOGLE_PLACE_ID: FAKE_PLACE_ID,
  GOOGLE_PLACES_BASE_URL: fake.url,
  REVIEWS_TIMEOUT_MS: '300',
  ...extra,
})

async function buildGoogle(t: Parameters<typeof build>[0], fake: Fake, extra: Record<string, string> = {}) {
  return build(t, await testConfig(t, googleEnv(fake, extra)))
}

const getReviews = async (app: Awaited<ReturnType<typeof build>>['app']) => {
  const res = await app.inject({ method: 'GET', url: '/reviews' })
  return { status: res.statusCode, body: res.json(), cacheControl: res.headers['cache-control'] }
}

const staticNames = STATIC_REVIEWS.reviews.map((r) => r.name)

t.test('the practice testimonials (plain data, so the SPA loads them without zod) satisfy the reviews API schema', async (t) => {
  const checked = reviewsResponse.safeParse(PRACTICE_TESTIMONIALS)
  t.ok(checked.success, checked.success ? 'valid' : checked.error.message)
  t.same(checked.data, PRACTICE_TESTIMONIALS, 'nothing added or dropped by the schema')
})

/** A logger that keeps what it is told, to check what a failure logs. */
function captureLog() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = []
  return {
    lines,
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
    info: (obj: object, msg: string) => lines.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
  }
}

t.test('the embedded default serves the practice testimonials with the spec figures', async (t) => {
  const { app } = await build(t)
  const { status, body, cacheControl } = await getReviews(app)
  t.equal(status, 200)
  t.equal(body.fallback, false, 'nothing failed: static is what was configured')
  t.equal(body.reviews.length, 3)
  t.same(body.reviews.map((r: { name: string }) => r.name), staticNames)
  for (const r of body.reviews) {
    t.equal(r.rating, 5)
    t.ok(r.age && r.location && r.highlight && r.text && r.date, `${r.name} has age, location, highlight, text and date`)
    t.match(r.location, /, GA$/, 'a North Georgia patient')
  }
  t.equal(body.place.rating, 4.9, 'SPEC §9: rating 4.9/5')
  t.match(body.place.maps_url, /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/)
  t.same(body.attribution, { source: 'practice', text: 'Testimonials shared with us by our patients.', url: null })
  t.equal(cacheControl, 'public, max-age=300')
})

t.test('Google: a place with reviews is mapped, attributed, capped at 5 and asked for with the field mask', async (t) => {
  const fake = await startFakeGooglePlaces(t)
  const { app } = await buildGoogle(t, fake)
  const { status, body, cacheControl } = await getReviews(app)
  t.equal(status, 200)
  t.equal(body.fallback, false)
  t.equal(body.reviews.length, 5, 'Google gives at most 5')
  t.same(body.reviews[0], {
    name: 'Reviewer 1',
    rating: 4,
    text: 'Review number 1: kind staff and clear explanations.',
    date: '2025-02-10T15:04:05.123456Z',
    relative_date: '1 weeks ago',
    author_url: 'https://www.google.com/maps/contrib/1001',
    author_photo_url: 'https://lh3.googleusercontent.com/a/photo1',
    review_url: 'https://www.google.com/maps/reviews/data=r1',
  })
  t.same(body.place, { rating: 4.8, total_reviews: 212, maps_url: 'https://maps.google.com/?cid=123456789' }, 'rating to one decimal')
  t.same(body.attribution, { source: 'google', text: 'Reviews from Google Maps', url: 'https://maps.google.com/?cid=123456789' })
  t.equal(cacheControl, 'no-store', 'Places content is not cached, not even by browsers')
  t.same(fake.calls, [{ placeId: FAKE_PLACE_ID, apiKey: FAKE_API_KEY, fieldMask: FIELD_MASK, languageCode: 'en' }])
  t.notMatch(JSON.stringify(body), /flagContentUri|visitDate|formattedAddress|displayName/, 'only the fields we show leave the service')
})

t.test('Google content is never cached: every request asks Google again', async (t) => {
  const fake = await startFakeGooglePlaces(t)
  const { app } = await buildGoogle(t, fake)
  await getReviews(app)
  fake.place.reviews = [googleReview(9)]
  const second = await getReviews(app)
  t.equal(fake.calls.length, 2)
  t.same(second.body.reviews.map((r: { name: string }) => r.name), ['Reviewer 9'], 'the second answer is the live one')
})

t.test('Google: reviews without text and unsafe links are left out', async (t) => {
  const fake = await startFakeGooglePlaces(t)
  fake.place.reviews = [
    googleReview(1, { text: undefined, originalText: undefined }),
    googleReview(2, { authorAttribution: { displayName: 'Reviewer 2', uri: 'javascript:alert(1)', photoUri: 'http://insecure.example/p.jpg' } }),
    googleReview(3, { rating: 'five' }),
  ]
  const { app } = await buildGoogle(t, fake)
  const { body } = await getReviews(app)
  t.equal(body.fallback, false)
  t.same(body.reviews.map((r: { name: string }) => r.name), ['Reviewer 2'])
  t.notOk(body.reviews[0].author_url, 'a non-https author link is dropped')
  t.notOk(body.reviews[0].author_photo_url, 'a non-https photo is dropped')
})

const failures: Array<[string, (fake: Fake) => Record<string, string> | void, string]> = [
  ['403 (key refused)', () => ({ GOOGLE_PLACES_API_KEY: 'wrong-key' }), 'http_403'],
  ['429 (quota exhausted)', (fake) => void (fake.mode = 'rate-limited'), 'http_429'],
  ['500', (fake) => void (fake.mode = 'server-error'), 'http_500'],
  ['503', (fake) => void (fake.mode = 'unavailable'), 'http_503'],
  // The fake answers a normal place after hangMs (2 s): only the 300 ms timeout makes this a fallback.
  ['timeout', (fake) => void (fake.mode = 'hang'), 'timeout'],
  ['a body that is not JSON', (fake) => void (fake.mode = 'not-json'), 'malformed'],
  ['JSON that is not a place', (fake) => void (fake.mode = 'wrong-shape'), 'malformed'],
  ['404 (obsolete place id)', () => ({ GOOGLE_PLACE_ID: 'ChIJsomeOtherPlace999' }), 'http_404'],
  ['a place without reviews', (fake) => void (fake.place.reviews = []), 'no_reviews'],
  ['Google unreachable', () => ({ GOOGLE_PLACES_BASE_URL: 'http://127.0.0.1:9' }), 'network'],
]

for (const [what, arrange] of failures) {
  t.test(`Google fails with ${what}: the static testimonials, flagged as fallback, with a 200`, async (t) => {
    const fake = await startFakeGooglePlaces(t)
    const extra = arrange(fake) ?? {}
    const { app } = await buildGoogle(t, fake, extra)
    const { status, body } = await getReviews(app)
    t.equal(status, 200, 'the page never sees an error')
    t.equal(body.fallback, true)
    t.same(body.reviews.map((r: { name: string }) => r.name), staticNames)
    t.equal(body.place.rating, 4.9)
    t.equal(body.attribution.source, 'practice', 'not attributed to Google: none of it came from Google')
  })
}

t.test('each failure logs one line saying why, without personal data or the key', async (t) => {
  for (const [what, arrange, reason] of failures) {
    const fake = await startFakeGooglePlaces(t)
    const extra = arrange(fake) ?? {}
    const env = googleEnv(fake, extra)
    const log = captureLog()
    const provider = googlePlacesProvider({
      apiKey: env.GOOGLE_PLACES_API_KEY,
      placeId: env.GOOGLE_PLACE_ID,
      baseUrl: env.GOOGLE_PLACES_BASE_URL,
      timeoutMs: 300,
      log,
    })
    const body = await provider.getReviews()
    t.equal(body.fallback, true, what)
    t.equal(log.lines.length, 1, `${what}: one log line`)
    const [line] = log.lines
    t.match(line, { level: reason === 'no_reviews' ? 'info' : 'warn', obj: { provider: 'google-places', reason } }, what)
    t.match(line!.msg, /serving the static testimonials/, what)
    t.notMatch(JSON.stringify(line), /Reviewer|Review number|contrib|fake-places-key|wrong-key|invalid\./, `${what}: no review content, author, key or upstream message`)
  }
  const fake = await startFakeGooglePlaces(t)
  fake.mode = 'rate-limited'
  const log = captureLog()
  await googlePlacesProvider({ apiKey: FAKE_API_KEY, placeId: FAKE_PLACE_ID, baseUrl: fake.url, timeoutMs: 300, log }).getReviews()
  t.match(log.lines[0]!.obj, { google_status: 'RESOURCE_EXHAUSTED' }, "Google's status word is kept")
})

t.test('after a failure Google is left alone for a cool-down, then asked again', async (t) => {
  const fake = await startFakeGooglePlaces(t)
  fake.mode = 'rate-limited'
  let clock = 1_000_000
  const provider = googlePlacesProvider({
    apiKey: FAKE_API_KEY, placeId: FAKE_PLACE_ID, baseUrl: fake.url, timeoutMs: 300, log: captureLog(), now: () => clock,
  })
  t.equal((await provider.getReviews()).fallback, true)
  fake.mode = 'ok'
  clock += FAILURE_COOL_DOWN_MS - 1
  t.equal((await provider.getReviews()).fallback, true, 'still cooling down: static, and Google not called')
  t.equal(fake.calls.length, 1)
  clock += 1
  const live = await provider.getReviews()
  t.equal(live.fallback, false, 'after the cool-down live reviews are back')
  t.equal(fake.calls.length, 2)
})

t.test('simultaneous requests share one call to Google', async (t) => {
  const fake = await startFakeGooglePlaces(t)
  const { app } = await buildGoogle(t, fake)
  const answers = await Promise.all([getReviews(app), getReviews(app), getReviews(app)])
  t.same(answers.map((a) => a.body.fallback), [false, false, false])
  t.equal(fake.calls.length, 1)
})

t.test('configuration: google needs a key and a place id; empty values mean unset', async (t) => {
  const base = { DATABASE_URL: 'postgres://u:p@127.0.0.1/db', INTERNAL_TOKEN: 'x'.repeat(32), IDENTITY_JWKS_URL: 'http://127.0.0.1:9/jwks' }
  t.equal(loadConfig(configSchema, base).REVIEWS_PROVIDER, 'static', 'static by default')
  t.equal(loadConfig(configSchema, { ...base, GOOGLE_PLACES_API_KEY: '', GOOGLE_PLACE_ID: '' }).GOOGLE_PLACE_ID, undefined)
  t.throws(() => loadConfig(configSchema, { ...base, REVIEWS_PROVIDER: 'google', GOOGLE_PLACE_ID: FAKE_PLACE_ID }), {
    message: /GOOGLE_PLACES_API_KEY: is required when REVIEWS_PROVIDER=google/,
  })
  t.throws(() => loadConfig(configSchema, { ...base, REVIEWS_PROVIDER: 'google', GOOGLE_PLACES_API_KEY: 'k', GOOGLE_PLACE_ID: '' }), {
    message: /GOOGLE_PLACE_ID: is required when REVIEWS_PROVIDER=google/,
  })
  t.throws(() => loadConfig(configSchema, { ...base, REVIEWS_PROVIDER: 'yelp' }), { message: /REVIEWS_PROVIDER/ })
  t.throws(() => loadConfig(configSchema, { ...base, REVIEWS_TIMEOUT_MS: '10' }), { message: /REVIEWS_TIMEOUT_MS/ })
  t.throws(() => loadConfig(configSchema, { ...base, REVIEWS_TIMEOUT_MS: '20000' }), { message: /REVIEWS_TIMEOUT_MS/ }, 'not beyond the gateway timeout')
})
