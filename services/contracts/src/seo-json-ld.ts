/**
 * schema.org structured data (JSON-LD) of the pages whose head both sides write: an article and a
 * product. The gateway writes it into the HTML it serves (from the content and catalogue services'
 * data), and the browser writes the same after a client-side navigation (web/src/seo/apply-head.ts
 * keeps the server's script when the two are equal). shared/contracts.md §5.
 *
 * `origin` is the site's origin without a trailing slash ("https://example.org"). Kept free of zod
 * and of any other import: the browser loads it with the article page.
 */

export type JsonLd = Record<string, unknown>

export const SCHEMA_ORG = 'https://schema.org'

/** The practice's node (the web's organization JSON-LD on the home page); other nodes point at it. */
export const organizationId = (origin: string) => `${origin}/#organization`

export interface Crumb {
  name: string
  /** A path on this site ("/resources"); the last crumb (the page itself) may leave it out. */
  path?: string
}

/** BreadcrumbList, e.g. Home > Resources > article (SPEC §2 "/resources/{handle}"). */
export function breadcrumbJsonLd(origin: string, crumbs: readonly Crumb[]): JsonLd {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      ...(crumb.path !== undefined ? { item: `${origin}${crumb.path}` } : {}),
    })),
  }
}

/** A graph of nodes under one @context. */
export const jsonLdGraph = (nodes: JsonLd[]): JsonLd => ({ '@context': SCHEMA_ORG, '@graph': nodes })

export interface ArticleJsonLdData {
  title: string
  /** Absolute URL of the article's page. */
  url: string
  description?: string | undefined
  /** Absolute URL of its picture. */
  image?: string | undefined
  /** ISO date-times. */
  publishedAt?: string | undefined
  updatedAt?: string | undefined
  author?: string | null | undefined
  tags?: readonly string[] | undefined
}

/** An article page (/resources/{handle}): BlogPosting, and its breadcrumbs Home > Resources > article. */
export function articleJsonLd(origin: string, article: ArticleJsonLdData): JsonLd {
  return jsonLdGraph([
    {
      '@type': 'BlogPosting',
      headline: article.title,
      url: article.url,
      mainEntityOfPage: article.url,
      ...(article.description ? { description: article.description } : {}),
      ...(article.image ? { image: [article.image] } : {}),
      ...(article.publishedAt ? { datePublished: article.publishedAt } : {}),
      ...(article.updatedAt ? { dateModified: article.updatedAt } : {}),
      ...(article.author ? { author: [{ '@type': 'Person', name: article.author }] } : {}),
      ...(article.tags?.length ? { keywords: article.tags.join(', ') } : {}),
      publisher: { '@id': organizationId(origin) },
    },
    breadcrumbJsonLd(origin, [{ name: 'Home', path: '/' }, { name: 'Resources', path: '/resources' }, { name: article.title }]),
  ])
}

/** "$3,299.00" or "3299" → "3299.00" (schema.org's and Open Graph's price); undefined when it is not a positive amount. */
export function offerPrice(price: string | undefined): string | undefined {
  const value = price?.replace(/[$,\s]/g, '')
  return value && /^\d+(\.\d{1,2})?$/.test(value) && Number(value) > 0 ? Number(value).toFixed(2) : undefined
}

export interface ProductJsonLdData {
  title: string
  /** Absolute URL of the product's page. */
  url: string
  sku: string
  description: string
  brand: string
  /** Absolute URLs. */
  images: readonly string[]
  /** As the catalogue writes it ("$3,299.00"); no offer without a positive price. */
  price?: string | undefined
  /** The price before a reduction: the offer's list price when it is higher. */
  comparePrice?: string | undefined
}

/**
 * A product page (/products/{id}): Product with an Offer in USD (merchant listings need a price
 * above 0 and a currency), a higher compare-at price as the list price, and its breadcrumbs
 * Home > Hearing Aids > product. No review stars: the catalogue's ratings are not reviews our
 * visitors wrote.
 */
export function productJsonLd(origin: string, product: ProductJsonLdData): JsonLd {
  const price = offerPrice(product.price)
  const listPrice = offerPrice(product.comparePrice)
  return jsonLdGraph([
    {
      '@type': 'Product',
      name: product.title,
      url: product.url,
      sku: product.sku,
      description: product.description,
      ...(product.images.length ? { image: [...product.images] } : {}),
      brand: { '@type': 'Brand', name: product.brand },
      ...(price
        ? {
            offers: {
              '@type': 'Offer',
              url: product.url,
              price,
              priceCurrency: 'USD',
              availability: `${SCHEMA_ORG}/InStock`,
              seller: { '@id': organizationId(origin) },
              ...(listPrice && Number(listPrice) > Number(price)
                ? { priceSpecification: { '@type': 'UnitPriceSpecification', priceType: `${SCHEMA_ORG}/ListPrice`, price: listPrice, priceCurrency: 'USD' } }
                : {}),
            },
          }
        : {}),
    },
    breadcrumbJsonLd(origin, [{ name: 'Home', path: '/' }, { name: 'Hearing Aids', path: '/products' }, { name: product.title }]),
  ])
}
