/** Pieces of a page's head that the gateway writes for pages whose head depends on data (articles, products); the tags themselves are @hearing/contracts' seo-head. */

/** og:site_name of a route's head as the web build wrote it (the brand lives in web/src/content/practice.ts). */
export const siteNameIn = (head: string) => /<meta property="og:site_name" content="([^"]*)"/.exec(head)?.[1]?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

/** The last path segment as the address has it (percent-encoded), a trailing slash ignored. */
export const rawLastSegment = (urlPath: string): string => urlPath.replace(/\/+$/, '').split('/').pop() ?? ''

/** The last path segment, decoded; '' when it is not valid percent-encoding. */
export function lastSegment(urlPath: string): string {
  try {
    return decodeURIComponent(rawLastSegment(urlPath))
  } catch {
    return ''
  }
}

export type Lookup<T> = { found: true; value: T } | { found: false } | { unavailable: true }

/**
 * GET `url` from a service: found (and shaped as `isValid` expects), not found (404, or 400 for a
 * malformed id), or unavailable (anything else, a timeout included).
 */
export async function lookUp<T>(url: URL, timeoutMs: number, isValid: (body: unknown) => body is T): Promise<Lookup<T>> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } })
    if (res.status === 404 || res.status === 400) return { found: false }
    if (!res.ok) return { unavailable: true }
    const body: unknown = await res.json()
    return isValid(body) ? { found: true, value: body } : { unavailable: true }
  } catch {
    return { unavailable: true }
  }
}
