import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

/** A product (SPEC §3); prices are text such as "$3299.00". */
export interface Product {
  id: string
  title: string
  brand: string
  price: string
  comparePrice?: string
  images: string[]
  description: string
  features: string[]
  warranty: string
  rating: number
  reviews: number
  shopifyVariantId: string
}

/** The collections the list page asks for, in display order (SPEC §7 store products function). */
export const COLLECTION_KEYS = ['phonak', 'signia', 'oticon', 'unitron', 'best-sellers'] as const
export const COLLECTION_TITLES: Record<string, string> = {
  phonak: 'Phonak',
  signia: 'Signia',
  oticon: 'Oticon',
  unitron: 'Unitron',
  'best-sellers': 'Best Sellers',
}

const collectionsKey = `/catalogue/collections?keys=${COLLECTION_KEYS.join(',')}`

/** `notice`: the store failed and these are the last products read from it. */
export interface CollectionsAnswer {
  collections: Record<string, Product[]>
  notice?: string
}

export function useCollections() {
  return useSWR<CollectionsAnswer, ApiError>(collectionsKey, (path: string) => api.get<CollectionsAnswer>(path))
}

/** GET /api/catalogue/products/:id; a 404 is the Product Not Found view. */
export function useProduct(id: string) {
  return useSWR<Product, ApiError>(`/catalogue/products/${encodeURIComponent(id)}`, (path: string) => api.get<Product>(path), {
    shouldRetryOnError: false,
  })
}
