import { clinicToday } from '@hearing/contracts'
import { expect, type APIRequestContext } from '@playwright/test'

import { adminToken, createPatient, postAsked, uniqueEmail } from './accounts.js'

export interface BusyClinic {
  /** The visits made, newest last. */
  visits: Array<{ id: string; date: string; time: string; location: string }>
}

const plusDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/**
 * A real clinic's load: `patients` patients and `count` Follow-up visits scheduled by staff at
 * both clinics, on the free times of the open weekdays from `fromDaysAhead` days on (the staff's
 * own time list says which are free, so no requests made before are touched). On a stack of the
 * journey's own: the shared one's lists would be pushed past other journeys' items.
 */
export async function seedBusyClinic(api: APIRequestContext, { count = 160, patients = 8, fromDaysAhead = 7 } = {}): Promise<BusyClinic> {
  const headers = { authorization: `Bearer ${await adminToken(api)}` }
  const people = await Promise.all(
    Array.from({ length: patients }, async (_, i) => {
      const email = uniqueEmail(`busy${i}`)
      const made = await createPatient(api, { first_name: 'Busy', last_name: `Patient${i}`, email, phone: `(770) 555-01${String(10 + i).padStart(2, '0')}`, password: 'Busy-Clinic-Patient-2026' })
      return { id: made.id, email, last_name: `Patient${i}` }
    }),
  )
  const locations = (await (await api.get('/api/messaging/locations')).json()) as Array<{ uid: string; name: string }>
  const followUp = new Map<string, string>()
  for (const l of locations) {
    const types = (await (await api.get(`/api/scheduling/appointment-types?location_uid=${l.uid}`)).json()) as Array<{ id: string; name: string }>
    followUp.set(l.uid, types.find((t) => t.name === 'Follow-up')!.id)
  }
  const visits: BusyClinic['visits'] = []
  for (let day = plusDays(clinicToday(), fromDaysAhead); visits.length < count; day = plusDays(day, 1)) {
    if ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) continue
    for (const l of locations) {
      const res = await api.get(`/api/scheduling/admin/staff-times?${new URLSearchParams({ location_uid: l.uid, appointment_type_id: followUp.get(l.uid)!, date: day })}`, { headers })
      // A holiday or a closed day: no times.
      if (res.status() === 400) continue
      expect(res.status(), await res.text()).toBe(200)
      const free = ((await res.json()) as { times: Array<{ time: string; held_by: unknown }> }).times.filter((t) => t.held_by === null)
      // In turns, a few at a time: the stack's pace, not a flood.
      for (let i = 0; i < free.length && visits.length < count; i += 4) {
        const batch = free.slice(i, Math.min(i + 4, i + count - visits.length))
        const made = await Promise.all(
          batch.map(async (t, j) => {
            const person = people[(visits.length + j) % people.length]!
            const created = await postAsked(api, '/api/scheduling/admin/appointments', {
              headers,
              data: { user_id: person.id, user_info: { first_name: 'Busy', last_name: person.last_name, email: person.email }, location: l.uid, appointment_type_id: followUp.get(l.uid)!, appointment_date: day, appointment_time: t.time },
            })
            expect(created.status(), await created.text()).toBe(201)
            return { id: ((await created.json()) as { id: string }).id, date: day, time: t.time, location: l.uid }
          }),
        )
        visits.push(...made)
      }
    }
  }
  return { visits }
}
