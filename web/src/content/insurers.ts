import { z } from 'zod'

import { media, type InsurerLogo } from './media.ts'
import { defineContent, text } from './schema.ts'

/**
 * The home page's insurance section (SPEC §2 "Home" > Insurance section, §9): its texts and the
 * partner logos. The logo files, their alternative texts ("Insurance partner N") and the fictional
 * plan names they show live in ./media.ts with the other generated media.
 */
const insuranceSchema = z.strictObject({
  heading: text,
  intro: text,
  /** Shown under the logos, in this order. */
  notListed: text,
  help: text,
  contactLabel: text,
  /** How long each logo position stays before the strip moves on (SPEC §9: 3000 ms). */
  autoPlayMs: z.int().min(2000),
})

export const insurance = defineContent('insurers', insuranceSchema, {
  heading: 'Most Insurance Plans Accepted',
  intro: 'We work with many insurance plans to make better hearing affordable.',
  notListed: "Don't see your insurance listed? No worries!",
  help: 'Our team can check your benefits and help you explore your options.',
  contactLabel: 'Contact us now',
  autoPlayMs: 3000,
})

export const insurerLogos: readonly InsurerLogo[] = media.insurers
