/**
 * The head of a product page (/products/{productId}) in the HTML the gateway sends: title (the
 * product's plus the brand), description, canonical URL, Open Graph product tags, and JSON-LD
 * Product (brand, sku, image, an Offer in USD, a compare-at price as the strikethrough list price)
 * plus BreadcrumbList (Home > Hearing Aids > product). An unknown product id answers HTTP 404.
 * The catalogue's ratings are not published as review stars: they are not reviews our visitors wrote.
 */
import { offerPrice, preloadImageTag, product, productJsonLd, renderSeoHead } from '@hearing/contracts'
import type { z } from 'zod'
import { lastSegment, lookUp, siteNameIn } from './head.js'

/** What the head needs of the catalogue's GET /products/{id}. */
const productHead = product.pick({ id: true, title: true, brand: true, price: true, comparePrice: true, images: true, description: true })
export type ProductHeadData = z.infer<typeof productHead>

/** SPEC §3: a product without a description gets a generic text. */
export const defaultProductDescription = (product: Pick<ProductHeadData, 'title' | 'brand'>, siteName: string) =>
  `${product.title} by ${product.brand}, fitted and cared for by the hearing specialists at ${siteName}.`

export function productHeadTags(product: ProductHeadData, { origin, siteName }: { origin: string; siteName: string }, preloads: readonly string[] = []): string {
  const url = `${origin}/products/${encodeURIComponent(product.id)}`
  const title = `${product.title} | ${siteName}`
  const description = product.description.trim() || defaultProductDescription(product, siteName)
  const images = product.images.map((image) => new URL(image, `${origin}/`).href)
  const price = offerPrice(product.price)
  return renderSeoHead({
    title,
    description,
    robots: 'index, follow',
    canonical: url,
    type: 'product',
    siteName,
    ogLocale: 'en_US',
    image: images[0],
    properties: price ? [['product:price:amount', price], ['product:price:currency', 'USD']] : [],
    preloads,
    jsonLd: productJsonLd(origin, { title: product.title, url, sku: product.id, description, brand: product.brand, images, price: product.price, comparePrice: product.comparePrice }),
  })
}

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
      const image = result.value.images[0]
      // The page's largest picture (its gallery's first image), the same URL the page's <img> asks
      // for (the catalogue's path, as it is): asked for with the page, not once the scripts have
      // fetched the product and rendered it.
      return { status: 200 as const, head: productHeadTags(result.value, { origin, siteName: siteNameIn(routeHead) ?? '' }, image ? [preloadImageTag(image)] : []) }
    },
  }
}
