import useSWR from 'swr'
import { COLLECTION_KEYS, type Product, type ProductsByCollection } from '@hearing/contracts'

import { api, type ApiError } from '@/lib/api-client'

const collectionsKey = `/catalogue/collections?keys=${COLLECTION_KEYS.join(',')}`

/** GET /api/catalogue/collections: the list page's collections, in display order (SPEC §7 store products function). */
export function useCollections() {
  return useSWR<ProductsByCollection, ApiError>(collectionsKey, (path: string) => api.get<ProductsByCollection>(path))
}

/** GET /api/catalogue/products/:id; a 404 is the Product Not Found view. No id: nothing is asked. */
export function useProduct(id: string | null) {
  return useSWR<Product, ApiError>(id === null ? null : `/catalogue/products/${encodeURIComponent(id)}`, (path: string) => api.get<Product>(path), {
    shouldRetryOnError: false,
  })
}
