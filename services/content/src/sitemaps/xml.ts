// HTML's escaper serves XML too: &, <, >, " and ' become references valid in both.
import escapeHtml from 'escape-html'
/**
 * sitemaps.org protocol 0.9 (shared/contracts.md §5): UTF-8, entity-escaped absolute URLs,
 * lastmod in W3C Datetime. At most 50,000 entries per file: this site has a few hundred at most,
 * and a list that grows past it fails loudly instead of writing an invalid file.
 */
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
export const MAX_ENTRIES = 50_000

export interface SitemapEntry {
  loc: string
  /** ISO 8601 timestamp or date. */
  lastmod?: string
  /** The same page in each language, this one included (xhtml:link rel="alternate" hreflang). */
  alternates?: ReadonlyArray<{ hreflang: string; href: string }>
}

export const XHTML_NS = 'http://www.w3.org/1999/xhtml'

/** "2025-03-14T00:00:00.000Z" -> "2025-03-14T00:00:00+00:00" (W3C Datetime, seconds precision). */
export function w3cDatetime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${iso}`)
  return `${date.toISOString().slice(0, 19)}+00:00`
}

function entries(tag: 'url' | 'sitemap', list: readonly SitemapEntry[]): string {
  if (list.length > MAX_ENTRIES) throw new Error(`a sitemap file holds at most ${MAX_ENTRIES} entries, got ${list.length}`)
  return list
    .map(
      (e) =>
        `  <${tag}><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${w3cDatetime(e.lastmod)}</lastmod>` : ''}${(e.alternates ?? [])
          .map((a) => `<xhtml:link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}"/>`)
          .join('')}</${tag}>\n`,
    )
    .join('')
}

export const urlset = (list: readonly SitemapEntry[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}"${list.some((e) => e.alternates?.length) ? ` xmlns:xhtml="${XHTML_NS}"` : ''}>\n${entries('url', list)}</urlset>\n`

export const sitemapIndex = (list: readonly SitemapEntry[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${entries('sitemap', list)}</sitemapindex>\n`
