import { z } from 'zod'

import { defineContent, text } from './schema.ts'

/** The practice's values (SPEC §2 "About" > Our Values). */
const valueSchema = z.strictObject({
  title: z.enum(['Compassion', 'Excellence', 'Community']),
  description: text,
})

export type Value = z.infer<typeof valueSchema>

export const values: readonly Value[] = defineContent('values', z.array(valueSchema).length(3), [
  {
    title: 'Compassion',
    description:
      'Hearing loss touches every part of life. We listen first, take the time you need and treat every patient like family.',
  },
  {
    title: 'Excellence',
    description:
      'Current technology, careful testing and verified fittings: we hold our care to the highest clinical standards.',
  },
  {
    title: 'Community',
    description:
      'We are your neighbors in North Georgia, and we are proud to support the towns that have supported us since 2021.',
  },
])
