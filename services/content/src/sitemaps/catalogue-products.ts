import { z } from 'zod'
import { ProductsUnavailable, type ProductStamp } from './sitemaps.js'

/** The catalogue's GET /products as far as a sitemap reads it: `{ products: [{ id, updated_at, … }] }`. */
const productsResponse = z.object({
  products: z.array(z.object({ id: z.union([z.string().min(1), z.number()]).transform(String), updated_at: z.string().nullish() })),
})

/**
 * Every product of the catalogue service, read from its HTTP API (services never read each
 * other's tables). Without a catalogue URL (the service running alone) there are none.
 */
export function catalogueProducts(baseUrl: string | undefined, timeoutMs = 3000): () => Promise<ProductStamp[]> {
  if (!baseUrl) return async () => []
  const url = new URL('products', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
  return async () => {
    let res: Response
    try {
      res = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) })
    } catch (err) {
      throw new ProductsUnavailable(`catalogue unreachable (${(err as Error).name})`)
    }
    if (!res.ok) throw new ProductsUnavailable(`catalogue answered ${res.status}`)
    const parsed = productsResponse.safeParse(await res.json().catch(() => undefined))
    if (!parsed.success) throw new ProductsUnavailable('catalogue answered an unexpected shape')
    return parsed.data.products
  }
}
