import { vi } from 'vitest'

/** One request the SPA sent: method, path under /api, and the parsed JSON body. */
export interface SentRequest {
  method: string
  path: string
  body: unknown
}

type Answer = { status: number; body?: unknown }
type Route = (request: SentRequest) => Answer | undefined

/**
 * Replaces fetch (the only thing stubbed: the components and the API client run as they are).
 * `route` answers each request; an unanswered request gets a 404 so a test never hangs.
 * Returns the list of requests sent, in order.
 */
export function stubNetwork(route: Route): SentRequest[] {
  const sent: SentRequest[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost')
      const request: SentRequest = {
        method: (init.method ?? 'GET').toUpperCase(),
        path: url.pathname.replace(/^\/api/, '') + url.search,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      }
      sent.push(request)
      const answer = route(request) ?? { status: 404, body: { message: 'Not found' } }
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      })
    }),
  )
  return sent
}
