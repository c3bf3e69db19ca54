import escapeHtml from 'escape-html'

/**
 * The page head the web build pre-renders and the gateway writes for pages whose head depends on
 * data (articles, products): one way to mark and write it on both sides. Every tag is marked
 * data-seo, so the browser's head code (web/src/seo/apply-head.ts) finds and updates it in place.
 */

/** Marks the head block of index.html that the build and the gateway replace. */
export const SEO_HEAD_START = '<!--seo-head-->'
export const SEO_HEAD_END = '<!--/seo-head-->'

/** JSON for a <script type="application/ld+json">: "<" and line separators escaped, so no text in the data can close the element early. */
export const serializeJsonLd = (data: unknown): string =>
  JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

export const seoMetaTag = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" data-seo />`

export const seoCanonicalTag = (url: string) => `<link rel="canonical" href="${escapeHtml(url)}" data-seo />`

export const seoJsonLdTag = (data: unknown) => `<script type="application/ld+json" data-seo>${serializeJsonLd(data)}</script>`
