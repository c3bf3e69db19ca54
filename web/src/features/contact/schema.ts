import { z } from 'zod/mini'

import { FIRST_AND_LAST, nameFieldsCheck } from '@/lib/person-names'

import type { ContactMessage } from './api/send-message'

/**
 * The contact form's fields and what it sends (SPEC §2 "Contact"). The controls' own `required`
 * and `maxLength` are checked by the browser first and the server checks every field again; this
 * shapes the request: names and text trimmed, the bot trap sent only when filled in. The names are
 * checked here too (the reply greets by the first name: a name, no link).
 */
export const contactSchema = z.pipe(
  z.object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    location: z.string(),
    message: z.string(),
    website: z.string(),
  }).check(nameFieldsCheck(FIRST_AND_LAST)),
  z.transform(
    (v): ContactMessage => ({
      first_name: v.firstName.trim(),
      last_name: v.lastName.trim(),
      phone: v.phone.trim(),
      location_uid: v.location,
      message: v.message.trim(),
      ...(v.website ? { website: v.website } : {}),
    }),
  ),
)
