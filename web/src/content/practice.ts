import { PRACTICE_NAME } from '@hearing/contracts'
import { z } from 'zod'

import { defineContent, email, text } from './schema.ts'

/**
 * Who the practice is (SPEC §1). The spec names no practice, so the name is neutral: another
 * practice rebrands by editing this file and its neighbours (navigation.ts, legal.ts, team.ts, …)
 * and services/contracts/src/clinics.json (the name, the clinics), never a component. index.html's
 * title and description come from here at build time.
 * The support address is a placeholder (example.com is reserved for documentation).
 */
const practiceSchema = z.strictObject({
  /** Full name, used in titles, the header, the footer and the legal pages. */
  name: text,
  /** Short form where space is tight. */
  shortName: text,
  tagline: text,
  heroCopy: text,
  /** One or two sentences for search results and link previews. */
  description: text,
  /** The address patients write to; the e-mail card promises a reply within `replyTimes.email`. */
  supportEmail: email,
  /** The state whose law governs the terms, and where the clinics are. */
  state: text,
  foundedYear: z.int().min(1900).max(2100),
  /** Trust claims shown on the home page and beside reviews (SPEC §1, §9). */
  claims: z.strictObject({
    rating: z.number().min(0).max(5),
    ratingOutOf: z.literal(5),
    patientsHelped: text,
    yearsOfExperience: text,
    award: z.strictObject({ name: text, years: text }),
    badges: z.array(text).min(1),
  }),
  /** Contact promises (SPEC §9), as phrases that complete "We reply …". */
  replyTimes: z.strictObject({ form: text, email: text }),
})

export type Practice = z.infer<typeof practiceSchema>

export const practice: Practice = defineContent('practice', practiceSchema, {
  name: PRACTICE_NAME,
  shortName: 'NG Hearing Care',
  tagline: "Reconnect With Life's Sounds.",
  heroCopy:
    "Transform your hearing with advanced technology and personalized care from Georgia's most trusted hearing specialists.",
  description:
    'Hearing evaluations, hearing aids and personal follow-up care from our clinics in Gainesville and Dawsonville, Georgia.',
  supportEmail: 'care@example.com',
  state: 'Georgia',
  foundedYear: 2021,
  claims: {
    rating: 4.9,
    ratingOutOf: 5,
    patientsHelped: '15,000+',
    yearsOfExperience: '20+',
    award: { name: 'Best of Gainesville', years: '2021-2025' },
    badges: ['Free Shipping', 'FDA Approved', 'Professional Fitting'],
  },
  replyTimes: { form: 'within 24 hours', email: 'within 24-48 hours' },
})
