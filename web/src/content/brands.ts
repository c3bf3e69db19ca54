import { z } from 'zod'

import { defineContent, text } from './schema.ts'

/**
 * Hearing-aid brands shown on the home page (SPEC §2 "Home" > Brands). `key` is the catalogue
 * collection key: the card's Shop link goes to /products#{key}. A brand with `comingSoon` is shown
 * but cannot be shopped yet.
 */
const brandSchema = z.strictObject({
  key: z.string().regex(/^[a-z0-9-]+$/, 'lowercase collection key'),
  name: text,
  tagline: text,
  comingSoon: z.boolean(),
})

export type Brand = z.infer<typeof brandSchema>

export const brands: readonly Brand[] = defineContent('brands', z.array(brandSchema).length(4), [
  {
    key: 'phonak',
    name: 'Phonak',
    tagline: 'Swiss-engineered hearing aids that adapt to every listening situation.',
    comingSoon: false,
  },
  {
    key: 'signia',
    name: 'Signia',
    tagline: 'German precision with a natural sound of your own voice.',
    comingSoon: false,
  },
  {
    key: 'oticon',
    name: 'Oticon',
    tagline: 'Brain-first technology that helps you follow every conversation.',
    comingSoon: false,
  },
  {
    key: 'unitron',
    name: 'Unitron',
    tagline: 'Comfortable, easy-to-use hearing aids designed around you.',
    comingSoon: true,
  },
])
