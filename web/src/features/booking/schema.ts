import type { BookingRequest } from '@hearing/contracts'
import { z } from 'zod/mini'

import { FIRST_AND_LAST, nameFieldsCheck } from '@/lib/person-names'

/**
 * The booking form's fields and what it sends (SPEC §2 "Book appointment", §5): text trimmed, the
 * optional address line and notes sent only when given. The appointment type's name is added by the
 * form, which knows the clinic's list. Missing fields are the form's "Missing Information" toast.
 */
export const bookingSchema = z.pipe(
  z.object({
    location: z.string(),
    typeId: z.string(),
    date: z.string(),
    time: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    addressLine1: z.string(),
    addressLine2: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    notes: z.string(),
  }).check(nameFieldsCheck(FIRST_AND_LAST, { emptyIsChecked: false })),
  z.transform(
    (v): Omit<BookingRequest, 'appointment_type'> => ({
      first_name: v.firstName.trim(),
      last_name: v.lastName.trim(),
      email: v.email.trim(),
      phone: v.phone.trim(),
      location: v.location,
      appointment_type_id: v.typeId,
      date: v.date,
      time: v.time,
      address_line1: v.addressLine1.trim(),
      ...(v.addressLine2.trim() ? { address_line2: v.addressLine2.trim() } : {}),
      city: v.city.trim(),
      state: v.state.trim(),
      zip_code: v.zipCode.trim(),
      ...(v.notes.trim() ? { notes: v.notes.trim() } : {}),
    }),
  ),
)

/** The fields the spec requires ("Missing Information" when one is empty). */
export const REQUIRED_BOOKING_FIELDS = ['date', 'time', 'typeId', 'firstName', 'lastName', 'email', 'phone', 'location', 'addressLine1', 'city', 'state', 'zipCode'] as const
