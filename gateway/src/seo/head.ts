import escapeHtml from 'escape-html'
/** Pieces of a page's head that the gateway writes for pages whose head depends on data (articles, products). */


/** JSON for a <script type="application/ld+json">: no text can close the element early. */
export const serializeJsonLd = (data: unknown) =>
  JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

/** A <meta> tag marked data-seo, so the browser's head code (web/src/seo/head.ts) updates it in place. */
export const metaTag = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" data-seo />`

export const canonicalTag = (url: string) => `<link rel="canonical" href="${escapeHtml(url)}" data-seo />`

export const jsonLdTag = (data: unknown) => `<script type="application/ld+json" data-seo>${serializeJsonLd(data)}</script>`

/** og:site_name of a route's head as the web build wrote it (the brand lives in web/src/content/practice.ts). */
export const siteNameIn = (head: string) => /<meta property="og:site_name" content="([^"]*)"/.exec(head)?.[1]?.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

/** The last path segment, decoded; '' when it is not valid percent-encoding. */
export function lastSegment(urlPath: string): string {
  try {
    return decodeURIComponent(urlPath.replace(/\/+$/, '').split('/').pop() ?? '')
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
