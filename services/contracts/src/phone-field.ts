import { z } from 'zod'
import { usPhoneE164 } from './phone.js'

/**
 * The phone field of every form that takes one (booking, sign-up, staff-made patients, contact,
 * order requests): a valid US number as people type it (usPhoneE164), kept as typed. Each form
 * keeps its own words for the error. In a file of its own so that the browser's imports of
 * phone.ts do not bring zod.
 */
export const usPhoneField = (message: string) =>
  z
    .string()
    .trim()
    .max(40, message)
    .refine((value) => usPhoneE164(value) !== undefined, message)
