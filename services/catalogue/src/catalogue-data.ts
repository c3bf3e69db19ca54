import { readFileSync } from 'node:fs'
import { COLLECTION_KEYS } from '@hearing/contracts'
import { z } from 'zod'

const money = z.number().positive().multipleOf(0.01)

/**
 * The device's form. Not served: it picks the drawing of the product's images
 * (web/scripts/media/devices.mjs has one per style).
 */
export const HEARING_AID_STYLES = [
  'receiver-in-canal',
  'slim-receiver-in-canal',
  'behind-the-ear',
  'in-the-ear',
  'completely-in-canal',
  'instant-fit-in-canal',
] as const

/** One product of data/products.json (SPEC §3 Product); images are file names under /media/products/. */
export const productDataSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  brand: z.string().min(1),
  style: z.enum(HEARING_AID_STYLES),
  price: money,
  comparePrice: money.optional(),
  images: z.array(z.string().regex(/^[a-z0-9-]+\.svg$/)).min(1),
  description: z.string(),
  features: z.array(z.string().min(1)),
  warranty: z.string().min(1),
  rating: z.number().min(0).max(5),
  reviews: z.number().int().min(0),
  storeVariantId: z.string().min(1),
  collections: z.array(z.enum(COLLECTION_KEYS)).min(1),
})

export const catalogueDataSchema = z
  .strictObject({ products: z.array(productDataSchema) })
  .refine((d) => new Set(d.products.map((p) => p.id)).size === d.products.length, 'product ids must be unique')

export type ProductData = z.output<typeof productDataSchema>

export const DATA_FILE = new URL('../data/products.json', import.meta.url)

/** Reads and validates the catalogue data file; throws with zod's description when it is wrong. */
export function loadCatalogueData(file: URL = DATA_FILE): ProductData[] {
  return catalogueDataSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).products
}
