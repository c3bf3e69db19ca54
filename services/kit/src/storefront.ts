/**
 * One Shopify Storefront API request (shared/contracts.md §2), as the catalogue (products, carts)
 * and content (blogs) make it: POST {store}/api/{version}/graphql.json with the server-side
 * private token, a time limit, and every way it can fail turned into a StorefrontError whose
 * reason is safe to log (no token, no personal data): timeout, network, http_<status> (401 bad
 * token, 429 throttled, 430 security rejection, 5xx), malformed, graphql_error:<code> (THROTTLED
 * comes as a 200 with errors).
 */
export interface StorefrontSettings {
  /** The store's origin, e.g. https://example.myshopify.com. */
  storeUrl: string
  /** A Storefront private access token (a secret). */
  token: string
  /** YYYY-MM. */
  apiVersion: string
  timeoutMs: number
}

export class StorefrontError extends Error {
  constructor(readonly reason: string) {
    super(`Storefront request failed: ${reason}`)
    this.name = 'StorefrontError'
  }
}

interface GraphQLAnswer<T> {
  data?: T | null
  errors?: Array<{ message?: string; extensions?: { code?: string } }>
}

export function storefrontClient(settings: StorefrontSettings) {
  const endpoint = new URL(`/api/${settings.apiVersion}/graphql.json`, settings.storeUrl)
  /** The answer's `data`; throws StorefrontError when there is none to trust. */
  return async function request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    let res: Response
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'Shopify-Storefront-Private-Token': settings.token },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(settings.timeoutMs),
      })
    } catch (err) {
      const name = (err as Error).name
      throw new StorefrontError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network')
    }
    if (!res.ok) {
      await res.body?.cancel()
      throw new StorefrontError(`http_${res.status}`)
    }
    let body: GraphQLAnswer<T>
    try {
      body = (await res.json()) as GraphQLAnswer<T>
    } catch {
      throw new StorefrontError('malformed')
    }
    if (typeof body !== 'object' || body === null) throw new StorefrontError('malformed')
    if (body.errors?.length) {
      const code = body.errors[0]?.extensions?.code
      throw new StorefrontError(`graphql_error${code ? `:${String(code).slice(0, 40)}` : ''}`)
    }
    if (body.data === undefined || body.data === null) throw new StorefrontError('malformed')
    return body.data
  }
}
export type StorefrontRequest = ReturnType<typeof storefrontClient>
