import { z } from 'zod'

/**
 * A product as catalogue answers it and the SPA shows it (SPEC §3 Product); prices are text such
 * as "$3299.00". Catalogue's response schema, so nothing beyond these fields leaves the service.
 */
export const product = z.object({
  id: z.string(),
  title: z.string(),
  brand: z.string(),
  price: z.string(),
  comparePrice: z.string().optional(),
  images: z.array(z.string()),
  description: z.string(),
  features: z.array(z.string()),
  warranty: z.string(),
  rating: z.number(),
  reviews: z.number(),
  shopifyVariantId: z.string(),
  updated_at: z.string(),
})
export type Product = z.infer<typeof product>

/** GET /api/catalogue/collections?keys=...: each requested collection's products, in collection order. */
export const productsByCollection = z.object({
  collections: z.record(z.string(), z.array(product)),
  /** The store failed and these are the last products read from it. */
  notice: z.string().optional(),
})
export type ProductsByCollection = z.infer<typeof productsByCollection>
