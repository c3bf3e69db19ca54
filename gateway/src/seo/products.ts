/**
 * The head of a product page (/products/{productId}) in the HTML the gateway sends: title (the
 * product's plus the brand), description, canonical URL, Open Graph product tags, and JSON-LD
 * Product (brand, sku, image, an Offer in USD, a compare-at price as the strikethrough list price)
 * plus BreadcrumbList (Home > Hearing Aids > product). An unknown product id answers HTTP 404.
 * The catalogue's ratings are not published as review stars: they are not reviews our visitors wrote.
 */
import { product, seoCanonicalTag, seoJsonLdTag, seoMetaTag } from '@hearing/contracts'
import escapeHtml from 'escape-html'
import type { z } from 'zod'
import { lastSegment, lookUp, siteNameIn } from './head.js'

/** What the head needs of the catalogue's GET /products/{id}. */
const productHead = product.pick({ id: true, title: true, brand: true, price: true, comparePrice: true, images: true, description: true })
export type ProductHeadData = z.infer<typeof productHead>

/** SPEC §3: a product without a description gets a generic text. */
export const defaultProductDescription = (product: Pick<ProductHeadData, 'title' | 'brand'>, siteName: string) =>
  `${product.title} by ${product.brand}, fitted and cared for by the hearing specialists at ${siteName}.`

/** "$3,299.00" or "$3299.00" → "3299.00"; undefined when it is not a positive amount. */
const amount = (price: string | undefined) => {
  const value = price?.replace(/[$,\s]/g, '')
  return value && /^\d+(\.\d{1,2})?$/.test(value) && Number(value) > 0 ? Number(value).toFixed(2) : undefined
}

export function productHeadTags(product: ProductHeadData, { origin, siteName }: { origin: string; siteName: string }): string {
  const url = `${origin}/products/${encodeURIComponent(product.id)}`
  const title = `${product.title} | ${siteName}`
  const description = product.description.trim() || defaultProductDescription(product, siteName)
  const images = product.images.map((image) => new URL(image, `${origin}/`).href)
  const price = amount(product.price)
  const listPrice = amount(product.comparePrice)
  const jsonLd = {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Product',
        name: product.title,
        url,
        sku: product.id,
        description,
        ...(images.length ? { image: images } : {}),
        brand: { '@type': 'Brand', name: product.brand },
        ...(price
          ? {
              offers: {
                '@type': 'Offer',
                url,
                price,
                priceCurrency: 'USD',
                availability: 'https://schema.org/InStock',
                seller: { '@id': `${origin}/#organization` },
                ...(listPrice && Number(listPrice) > Number(price)
                  ? { priceSpecification: { '@type': 'UnitPriceSpecification', priceType: 'https://schema.org/ListPrice', price: listPrice, priceCurrency: 'USD' } }
                  : {}),
              },
            }
          : {}),
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
          { '@type': 'ListItem', position: 2, name: 'Hearing Aids', item: `${origin}/products` },
          { '@type': 'ListItem', position: 3, name: product.title },
        ],
      },
    ],
  }
  return [
    `<title>${escapeHtml(title)}</title>`,
    seoMetaTag('name', 'description', description),
    seoMetaTag('name', 'robots', 'index, follow'),
    seoCanonicalTag(url),
    seoMetaTag('property', 'og:type', 'product'),
    seoMetaTag('property', 'og:site_name', siteName),
    seoMetaTag('property', 'og:locale', 'en_US'),
    seoMetaTag('property', 'og:title', title),
    seoMetaTag('property', 'og:description', description),
    seoMetaTag('property', 'og:url', url),
    ...(images[0] ? [seoMetaTag('property', 'og:image', images[0])] : []),
    ...(price ? [seoMetaTag('property', 'product:price:amount', price), seoMetaTag('property', 'product:price:currency', 'USD')] : []),
    seoMetaTag('name', 'twitter:card', images[0] ? 'summary_large_image' : 'summary'),
    seoJsonLdTag(jsonLd),
  ].join('\n    ')
}

/** The same URL the page's <img> asks for (the catalogue's path, as it is), so the browser reuses the answer. */
export const imagePreloadTag = (image: string) => `<link rel="preload" as="image" href="${escapeHtml(image)}" fetchpriority="high" />`

const isProduct = (body: unknown): body is ProductHeadData => productHead.safeParse(body).success

/**
 * The product route for the SPA (spa.ts DynamicPage): its head from the catalogue, or 404 for an
 * id it does not have. When the catalogue cannot answer, the route's default head is kept (status
 * 200): the page itself shows "Failed to load product details.".
 */
export function productPages({ catalogue, timeoutMs }: { catalogue: () => string; timeoutMs: number }) {
  return {
    pattern: '/products/:productId',
    async resolve(urlPath: string, { origin, routeHead }: { origin: string; routeHead: string }) {
      const id = lastSegment(urlPath)
      if (id === '' || id.length > 200) return { status: 404 as const }
      const result = await lookUp(new URL(`/products/${encodeURIComponent(id)}`, catalogue()), timeoutMs, isProduct)
      if ('unavailable' in result) return undefined
      if (!result.found) return { status: 404 as const }
      const head = productHeadTags(result.value, { origin, siteName: siteNameIn(routeHead) ?? '' })
      const image = result.value.images[0]
      // The page's largest picture (its gallery's first image): asked for with the page, not once
      // the scripts have fetched the product and rendered it.
      return { status: 200 as const, head: image ? `${head}\n    ${imagePreloadTag(image)}` : head }
    },
  }
}
