import { expect, test, type APIRequestContext } from '@playwright/test'

import { signInWithForm, uniqueEmail } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js'
import { expectNoAxeViolations, WCAG_22_AA } from './support/axe.js'

/**
 * Requests from one source shown together to staff and released in one step, with the
 * keyboard; the booking form's date picker knows the closed days and the horizon.
 */

test.describe.configure({ timeout: 120_000 })


async function dawsonville(request: APIRequestContext) {
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string; name: string }>
  const clinic = locations.find((l) => l.name === 'Dawsonville')!
  const types = (await (await request.get(`/api/scheduling/appointment-types?location_uid=${clinic.uid}`)).json()) as Array<{ id: string; name: string }>
  const window = (await (await request.get(`/api/scheduling/booking-window?location_uid=${clinic.uid}`)).json()) as { first_date: string; last_date: string; closed_dates: string[] }
  /** Open weekdays from the far end of the window, where other journeys do not book. */
  const openDays: string[] = []
  for (const day = new Date(`${window.last_date}T00:00:00Z`); openDays.length < 3; day.setUTCDate(day.getUTCDate() - 1)) {
    const date = day.toISOString().slice(0, 10)
    if (![0, 6].includes(day.getUTCDay()) && !window.closed_dates.includes(date)) openDays.push(date)
  }
  return { clinic, type: types.find((t) => t.name === 'Check & Clean')!, window, openDays }
}

test('staff see a source’s pending requests together and release them with the keyboard; axe clean', async ({ page, request }) => {
  const { clinic, type, openDays } = await dawsonville(request)
  const email = uniqueEmail('flood')
  for (const [i, date] of openDays.entries()) {
    const res = await request.post('/api/scheduling/bookings', {
      data: { first_name: 'Flo', last_name: `Source${'ABC'[i]}`, email, phone: `(706) 555-01${60 + i}`, location: clinic.uid, appointment_type_id: type.id, date, time: '11:00', address_line1: '5 Pine Road', city: 'Dawsonville', state: 'GA', zip_code: '30534' },
    })
    expect(res.status(), await res.text()).toBe(201)
  }

  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto('/admin?tab=appointments')
  const section = page.getByRole('region', { name: 'Pending Requests by Source' })
  // Closed at first; opened with the keyboard.
  const show = section.getByRole('button', { name: 'Show requests by source' })
  await expect(show).toHaveAttribute('aria-expanded', 'false')
  await show.focus()
  await page.keyboard.press('Enter')
  await expect(section.getByRole('button', { name: 'Hide requests by source' })).toHaveAttribute('aria-expanded', 'true')
  const group = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `E-mail: ${email}` }) })
  await expect(group).toContainText('3 requests waiting')
  await expect(group).toContainText('Flo SourceA · Check & Clean · Dawsonville')
  await expectNoAxeViolations(page, 'the requests waiting, grouped by source', { include: 'main', tags: WCAG_22_AA })

  const release = group.getByRole('button', { name: 'Release 3 requests' })
  await release.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`3 requests from e-mail ${email} released.`)).toBeVisible()
  await expect(section.getByRole('heading', { name: `E-mail: ${email}` })).toHaveCount(0)
  // Their times are offered again.
  const times = (await (await request.get(`/api/scheduling/availability?location_uid=${clinic.uid}&appointment_type_id=${type.id}&date=${openDays[0]}`)).json()) as { times: Array<{ time: string }> }
  expect(times.times.map((t) => t.time)).toContain('11:00')
})

test('the booking form tells a closed day and a date past the horizon at once', async ({ page, request }) => {
  const { window } = await dawsonville(request)
  await page.goto('/book-appointment?location=Dawsonville')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  const form = page.getByRole('form', { name: 'Book an appointment' })
  await form.getByLabel('Appointment type').selectOption({ label: 'Repair (30 min)' })
  const date = form.getByLabel('Date')
  await expect(date).toHaveAttribute('max', window.last_date)
  const closed = window.closed_dates.find((d) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()))
  if (closed) {
    await date.fill(closed)
    await expect(form.getByRole('alert')).toHaveText('The clinic is closed that day. Please choose another date.')
  }
  await date.fill('2100-01-01')
  await expect(form.getByRole('alert')).toHaveText(/^Please choose a date within \d+ days from today\. For a later date, please call us\.$/)
  await expect(form.getByLabel('Time (Eastern Time)')).toBeDisabled()
})
