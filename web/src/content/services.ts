import { z } from 'zod'

import { defineContent, text } from './schema.ts'

/** The practice's four service groups, each with its feature list (SPEC §2 "Home" > Services, §9). */
const serviceSchema = z.strictObject({
  key: z.enum(['evaluations', 'fitting', 'repair', 'follow-up']),
  title: text,
  summary: text,
  features: z.array(text).min(1),
})

export type Service = z.infer<typeof serviceSchema>

export const services: readonly Service[] = defineContent('services', z.array(serviceSchema).length(4), [
  {
    key: 'evaluations',
    title: 'Hearing Evaluations',
    summary: 'A thorough, unhurried look at how you hear, explained in plain language.',
    features: [
      'Comprehensive hearing tests',
      'Speech understanding in noise',
      'Tinnitus assessment',
      'Results reviewed with you on the same day',
    ],
  },
  {
    key: 'fitting',
    title: 'Hearing Aid Fitting & Programming',
    summary: 'Hearing aids set up for your ears, your voice and your daily life.',
    features: [
      'Custom programming for your hearing loss',
      'Real-ear measurement to verify the fit',
      'Phone, TV and app pairing',
      'Remote programming and firmware updates',
    ],
  },
  {
    key: 'repair',
    title: 'Repair & Maintenance',
    summary: 'Keep your hearing aids working at their best, whatever the brand.',
    features: [
      'Cleaning and performance checks',
      'In-office repairs for most makes and models',
      '3 years of supplies included',
      'Help with batteries, domes and filters',
    ],
  },
  {
    key: 'follow-up',
    title: 'Follow-up Care',
    summary: 'We stay with you long after the first fitting.',
    features: [
      '6 months of adjustments included',
      'In-home or in-office visits',
      'Progress checks as your hearing changes',
      'Support for family members and caregivers',
    ],
  },
])
