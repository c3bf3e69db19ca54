// The shop's fixed lists. No zod here: the SPA imports them into its pages, and a schema would bring the validator with it.

/** The shop's collections (SPEC §2), in display order; each key is also its section's anchor id on /products. */
export const COLLECTION_KEYS = ['phonak', 'signia', 'oticon', 'unitron', 'best-sellers'] as const
export type CollectionKey = (typeof COLLECTION_KEYS)[number]

/** Each collection's heading: catalogue seeds them, the SPA shows them. */
export const COLLECTION_TITLES: Readonly<Record<CollectionKey, string>> = {
  phonak: 'Phonak',
  signia: 'Signia',
  oticon: 'Oticon',
  unitron: 'Unitron',
  'best-sellers': 'Best Sellers',
}

/** Where an order request stands; staff move it along as the clinic calls back and fits the aids. */
export const ORDER_STATUSES = ['new', 'contacted', 'fitted', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]
