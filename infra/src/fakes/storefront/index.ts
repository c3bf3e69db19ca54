import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

/**
 * A local stand-in for the Shopify Storefront API (shared/contracts.md §2), a real HTTP server on
 * port 0:
 *   POST /api/{version}/graphql.json   { query, variables }   with a Storefront token header
 * It answers the root fields the product uses: `blog(handle:)` (articles with first/after
 * pagination), `collection(handle:)` (products with variants, images and metafields) and the
 * `cartCreate` mutation (`userErrors` for unknown variants, `checkoutUrl` on this server, which
 * serves a checkout page there); null for an unknown handle, 401 for a missing or wrong token, and
 * the failures of the real one (`mode` for every request, `cartMode` for cart creation only, whose
 * throttle Shopify answers as a 200 with a "Throttled" error).
 */

export const FAKE_STOREFRONT_TOKEN = 'fake-storefront-token-0123456789'

export interface FakeArticle {
  id: string
  handle: string
  title: string
  excerpt: string | null
  contentHtml: string
  publishedAt: string
  tags: string[]
  image: { url: string; altText: string | null } | null
  authorV2: { name: string } | null
}

export type StorefrontMode =
  | 'ok'
  | 'throttled' // 200 with a GraphQL error, code THROTTLED
  | 'rate-limited' // 429
  | 'server-error' // 500
  | 'security-rejection' // 430
  | 'hang' // answers after hangMs
  | 'not-json' // 200 with HTML

export interface StorefrontCall {
  version: string
  token: string | undefined
  /** blog, collection or cartCreate. */
  operation: string
  handle: unknown
  first: unknown
  after: unknown
}

/** A product as Storefront returns it inside a collection. */
export interface FakeProduct {
  id: string
  handle: string
  title: string
  vendor: string
  description: string
  images: { nodes: Array<{ url: string; altText: string | null }> }
  variants: { nodes: Array<{ id: string; availableForSale: boolean; price: { amount: string; currencyCode: string }; compareAtPrice: { amount: string; currencyCode: string } | null }> }
  features: { value: string } | null
  warranty: { value: string } | null
  rating: { value: string } | null
  ratingCount: { value: string } | null
}

export interface FakeCart {
  id: string
  lines: Array<{ merchandiseId: string; quantity: number }>
  checkoutUrl: string
}

export interface FakeStorefront {
  url: string
  calls: StorefrontCall[]
  blogs: Map<string, FakeArticle[]>
  /** Products by collection handle, in collection order. */
  collections: Map<string, FakeProduct[]>
  carts: FakeCart[]
  mode: StorefrontMode
  /** Failures of cart creation only ('throttled': Shopify's per-minute checkout throttle). */
  cartMode: StorefrontMode
  hangMs: number
  close(): Promise<void>
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (text += chunk))
    req.on('end', () => resolve(text))
    req.on('error', reject)
  })

export async function startFakeStorefront(blogs: Record<string, FakeArticle[]> = {}, collections: Record<string, FakeProduct[]> = {}): Promise<FakeStorefront> {
  const state: Omit<FakeStorefront, 'url' | 'close'> = {
    calls: [],
    blogs: new Map(Object.entries(blogs)),
    collections: new Map(Object.entries(collections)),
    carts: [],
    mode: 'ok',
    cartMode: 'ok',
    hangMs: 5000,
  }
  let base = ''

  const failure = async (res: ServerResponse, mode: StorefrontMode): Promise<boolean> => {
    switch (mode) {
      case 'rate-limited':
        json(res, 429, { errors: [{ message: 'Too many requests' }] })
        return true
      case 'server-error':
        json(res, 500, { errors: [{ message: 'Internal error' }] })
        return true
      case 'security-rejection':
        json(res, 430, { errors: [{ message: 'Security Rejection' }] })
        return true
      case 'throttled':
        json(res, 200, { data: null, errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] })
        return true
      case 'not-json':
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end('<html>maintenance</html>')
        return true
      case 'hang':
        await new Promise((resolve) => setTimeout(resolve, state.hangMs))
        return false
      default:
        return false
    }
  }

  const server = createServer(async (req, res) => {
    const checkout = /^\/checkouts\/cn\/([\w-]+)$/.exec(req.url ?? '')
    if (req.method === 'GET' && checkout) {
      const cart = state.carts.find((c) => c.id.endsWith(checkout[1]!))
      res.writeHead(cart ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(`<!doctype html><html lang="en"><title>Checkout</title><h1>${cart ? 'Fake Shopify checkout' : 'Checkout not found'}</h1></html>`)
    }
    const match = /^\/api\/([^/]+)\/graphql\.json$/.exec(req.url ?? '')
    if (req.method !== 'POST' || !match) return json(res, 404, { errors: [{ message: 'Not Found' }] })
    const token = (req.headers['shopify-storefront-private-token'] ?? req.headers['x-shopify-storefront-access-token']) as string | undefined
    let body: { query?: unknown; variables?: Record<string, unknown> }
    try {
      body = JSON.parse(await readBody(req)) as typeof body
    } catch {
      return json(res, 400, { errors: [{ message: 'Bad Request: body is not JSON' }] })
    }
    const variables = body.variables ?? {}
    const query = typeof body.query === 'string' ? body.query : ''
    const operation = /\bcartCreate\s*\(/.test(query) ? 'cartCreate' : /\bcollection\s*\(\s*handle\s*:/.test(query) ? 'collection' : /\bblog\s*\(\s*handle\s*:/.test(query) ? 'blog' : 'unknown'
    state.calls.push({ version: match[1]!, token, operation, handle: variables.handle, first: variables.first, after: variables.after })

    if (token !== FAKE_STOREFRONT_TOKEN) return json(res, 401, { errors: [{ message: '[API] Invalid API key or access token (unrecognized login or wrong password)' }] })
    if (await failure(res, state.mode)) return
    if (operation === 'cartCreate') {
      if (await failure(res, state.cartMode)) return
      const lines = (variables.lines ?? []) as Array<{ merchandiseId?: unknown; quantity?: unknown }>
      const variants = new Set([...state.collections.values()].flat().flatMap((p) => p.variants.nodes.map((v) => v.id)))
      const userErrors = lines.flatMap((line, i) =>
        typeof line.merchandiseId === 'string' && variants.has(line.merchandiseId) && Number.isInteger(line.quantity) && (line.quantity as number) > 0
          ? []
          : [{ code: 'INVALID_MERCHANDISE_LINE', field: ['input', 'lines', String(i), 'merchandiseId'], message: 'The merchandise line is invalid.' }],
      )
      if (lines.length === 0) userErrors.push({ code: 'INVALID', field: ['input', 'lines'], message: 'A cart needs at least one line.' })
      if (userErrors.length) return json(res, 200, { data: { cartCreate: { cart: null, userErrors, warnings: [] } } })
      const id = `gid://shopify/Cart/c${state.carts.length + 1}-${Date.now().toString(36)}`
      const cart = { id, lines: lines as FakeCart['lines'], checkoutUrl: `${base}/checkouts/cn/${id.split('/').pop()}` }
      state.carts.push(cart)
      return json(res, 200, {
        data: { cartCreate: { cart: { id, checkoutUrl: cart.checkoutUrl, totalQuantity: cart.lines.reduce((n, l) => n + l.quantity, 0) }, userErrors: [], warnings: [] } },
      })
    }
    if (operation === 'collection') {
      const products = typeof variables.handle === 'string' ? state.collections.get(variables.handle) : undefined
      if (!products) return json(res, 200, { data: { collection: null } })
      const first = Math.min(Math.max(Number(variables.first ?? 50) || 50, 1), 250)
      return json(res, 200, {
        data: { collection: { id: `gid://shopify/Collection/${variables.handle}`, title: String(variables.handle), products: { pageInfo: { hasNextPage: products.length > first, endCursor: null }, nodes: products.slice(0, first) } } },
      })
    }
    if (operation !== 'blog') {
      return json(res, 200, { data: null, errors: [{ message: 'This fake answers blog, collection and cartCreate', extensions: { code: 'undefinedField' } }] })
    }
    const articles = typeof variables.handle === 'string' ? state.blogs.get(variables.handle) : undefined
    if (!articles) return json(res, 200, { data: { blog: null } })
    const first = Math.min(Math.max(Number(variables.first ?? 20) || 20, 1), 250)
    const start = typeof variables.after === 'string' ? Number(variables.after.replace('cursor-', '')) + 1 : 0
    const sorted = [...articles].sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt))
    const page = sorted.slice(start, start + first)
    return json(res, 200, {
      data: {
        blog: {
          id: `gid://shopify/Blog/${variables.handle}`,
          title: String(variables.handle),
          articles: {
            pageInfo: { hasNextPage: start + first < sorted.length, endCursor: page.length ? `cursor-${start + page.length - 1}` : null },
            nodes: page,
          },
        },
      },
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  base = `http://127.0.0.1:${port}`
  const fake = Object.assign(state, {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  })
  return fake as FakeStorefront
}

/** An article as Storefront returns it, numbered. */
export function storefrontArticle(i: number, overrides: Partial<FakeArticle> = {}): FakeArticle {
  return {
    id: `gid://shopify/Article/${1000 + i}`,
    handle: `store-article-${i}`,
    title: `Store article ${i}`,
    excerpt: `<p>Summary of article ${i}.</p>`,
    contentHtml: `<p>Body of article ${i}.</p>`,
    publishedAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    tags: ['Store'],
    image: { url: `https://cdn.shopify.com/s/files/1/article-${i}.jpg`, altText: `Picture ${i}` },
    authorV2: { name: 'Store Author' },
    ...overrides,
  }
}

/**
 * A hearing aid as Storefront returns it, numbered: a variant with a price (and a compare price
 * for even numbers), two images, and the metafields the catalogue reads (custom.features as a JSON
 * list, custom.warranty, reviews.rating as Shopify's rating JSON, reviews.rating_count).
 */
export function storefrontProduct(i: number, brand: string, overrides: Partial<FakeProduct> = {}): FakeProduct {
  return {
    id: `gid://shopify/Product/${2000 + i}`,
    handle: `${brand.toLowerCase()}-store-aid-${i}`,
    title: `${brand} Store Aid ${i}`,
    vendor: brand,
    description: `A ${brand} hearing aid from the store (${i}).`,
    images: { nodes: [{ url: `https://cdn.shopify.com/s/files/1/aid-${i}-a.png`, altText: `${brand} aid ${i}` }, { url: `https://cdn.shopify.com/s/files/1/aid-${i}-b.png`, altText: null }] },
    variants: {
      nodes: [
        {
          id: `gid://shopify/ProductVariant/${5000 + i}`,
          availableForSale: true,
          price: { amount: `${1000 + i * 100}.0`, currencyCode: 'USD' },
          compareAtPrice: i % 2 === 0 ? { amount: `${1200 + i * 100}.0`, currencyCode: 'USD' } : null,
        },
      ],
    },
    features: { value: JSON.stringify(['Rechargeable', 'Bluetooth streaming']) },
    warranty: { value: '3-year warranty' },
    rating: { value: JSON.stringify({ scale_min: '1.0', scale_max: '5.0', value: '4.6' }) },
    ratingCount: { value: '37' },
    ...overrides,
  }
}
