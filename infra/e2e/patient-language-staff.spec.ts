import { expect, test, type APIRequestContext, type Page } from '@playwright/test'

import { signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env.js'
import { waitForEmail } from './support/mailbox.js'
import { expectNoAxeViolations, WCAG_22_AA, withCookieChoice } from './support/axe.js'

/**
 * The patient's language, the services' half: requests sent from the Spanish site carry `language: 'es'`. Staff
 * (whose screens stay English) see "Language: Spanish" on the appointment request, the order request
 * and the inbox message, each tab still clean for axe; the patient's e-mail arrives in Spanish.
 */

test.describe.configure({ timeout: 180_000 })


test.beforeEach(async ({ page }) => {
  await withCookieChoice(page)
})

const scan = (page: Page, what: string) => expectNoAxeViolations(page, what, { tags: WCAG_22_AA })

/** A free time at Gainesville, near the far end of the booking window where other journeys do not book. */
async function freeTime(request: APIRequestContext) {
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string; name: string }>
  const clinic = locations.find((l) => l.name === 'Gainesville')!
  const type = ((await (await request.get(`/api/scheduling/appointment-types?location_uid=${clinic.uid}`)).json()) as Array<{ id: string; name: string }>).find((t) => t.name === 'Follow-up')!
  const window = (await (await request.get(`/api/scheduling/booking-window?location_uid=${clinic.uid}`)).json()) as { last_date: string; closed_dates: string[] }
  for (const day = new Date(`${window.last_date}T00:00:00Z`); ; day.setUTCDate(day.getUTCDate() - 1)) {
    const date = day.toISOString().slice(0, 10)
    if ([0, 6].includes(day.getUTCDay()) || window.closed_dates.includes(date)) continue
    const { times } = (await (await request.get(`/api/scheduling/availability?location_uid=${clinic.uid}&appointment_type_id=${type.id}&date=${date}`)).json()) as { times: Array<{ time: string }> }
    if (times.length > 0) return { clinic, type, date, time: times.at(-1)!.time }
  }
}

test('staff see the language of Spanish requests on the appointments, orders and inbox tabs; the patient is written to in Spanish', async ({ page, request }) => {
  const lastName = `Ramirez${uniqueLetters()}`
  const email = uniqueEmail('spanish.patient')
  const { clinic, type, date, time } = await freeTime(request)
  const booked = await request.post('/api/scheduling/bookings', {
    headers: { origin: BASE_URL },
    data: { first_name: 'Lucia', last_name: lastName, email, phone: '(770) 555-0177', location: clinic.uid, appointment_type_id: type.id, date, time, address_line1: '5 Pine Road', city: 'Gainesville', state: 'GA', zip_code: '30501', language: 'es' },
  })
  expect(booked.status(), await booked.text()).toBe(201)
  const ordered = await request.post('/api/catalogue/orders', {
    headers: { origin: BASE_URL },
    data: { first_name: 'Lucia', last_name: lastName, email, phone: '(770) 555-0177', location_uid: clinic.uid, items: [{ id: 'oticon-zircon-2', quantity: 1 }], language: 'es' },
  })
  expect(ordered.status(), await ordered.text()).toBe(201)
  const wrote = await request.post('/api/messaging/contact', {
    headers: { origin: BASE_URL },
    data: { first_name: 'Lucia', last_name: lastName, phone: '(770) 555-0177', location_uid: clinic.uid, message: '¿Atienden los sábados?', language: 'es' },
  })
  expect(wrote.status(), await wrote.text()).toBe(202)
  const refused = await request.post('/api/messaging/contact', {
    headers: { origin: BASE_URL },
    data: { first_name: 'Lucia', last_name: lastName, phone: '(770) 555-0177', location_uid: clinic.uid, message: 'Hola', language: 'fr' },
  })
  expect(refused.status()).toBe(400)

  // The acknowledgement, at the SMTP sink, in Spanish.
  const ack = await waitForEmail(email, /^Recibimos su solicitud de cita/)
  expect(ack.text).toContain('Hola, Lucia:')

  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto('/admin?tab=appointments')
  const appointment = page.getByRole('listitem').filter({ hasText: lastName }).filter({ hasText: 'Requested online' })
  await expect(appointment).toContainText('Language: Spanish')
  await scan(page, 'the Appointments tab')

  await page.goto('/admin?tab=orders')
  const order = page.getByTestId('order-request').filter({ hasText: lastName })
  await expect(order).toContainText('Language: Spanish')
  await scan(page, 'the Orders tab')

  await page.goto('/admin?tab=inbox')
  const messages = page.locator('li').filter({ has: page.getByRole('heading', { name: `Lucia ${lastName}` }) })
  await expect(messages.filter({ hasText: '¿Atienden los sábados?' })).toContainText('Language: Spanish')
  await expect(messages.filter({ hasText: 'New appointment request' }).first()).toContainText('Language: Spanish')
  await scan(page, 'the Inbox tab')
})
