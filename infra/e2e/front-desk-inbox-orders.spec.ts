import { readFileSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'

import { adminToken, createPatient, signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './support/env.js'
import { waitForEmail } from './support/mailbox.js'
import { expectNoAxeViolations, WCAG_22_AA, withCookieChoice } from './support/axe.js'

/**
 * The front desk: a note on an order request, the orders' CSV export,
 * an inbox message assigned to oneself and filtered, a reply e-mailed to the person (read at the
 * SMTP sink), and the admins' Email and Settings tabs (the contact sync's recent runs) — each tab
 * scanned by axe with data in it, the reply and the assignment done from the keyboard alone.
 */

test.describe.configure({ timeout: 180_000 })

/** Names are letters only (the e-mail greets by them): a unique one per run. */

// The cookie notice was answered long ago: it would cover the lists in the screenshots.
test.beforeEach(async ({ page }) => {
  await withCookieChoice(page)
})

async function scan(page: Page, what: string) {
  // A fading toast's half-transparent text reads as low contrast: scan once they have gone.
  await page.mouse.move(0, 0)
  await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 30_000 })
  await expectNoAxeViolations(page, what, { tags: WCAG_22_AA })
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scrolling at ${width}px (${name})`).toBeLessThanOrEqual(width)
    if (process.env.SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.SCREENSHOTS_DIR}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1366, height: 900 })
}

test('staff note an order, export the orders, take its message, and reply to the customer by e-mail', async ({ page, request }) => {
  const staffEmail = uniqueEmail('desk.staff')
  const staffPassword = 'Quiet-Harbor-Lantern-77'
  const staff = await createPatient(request, { first_name: 'Frances', last_name: 'Desk', email: staffEmail, password: staffPassword })
  const promoted = await request.patch(`/api/identity/admin/users/${staff.id}/role`, { data: { role: 'staff' }, headers: { authorization: `Bearer ${await adminToken(request)}` } })
  expect(promoted.status(), await promoted.text()).toBe(200)

  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string }>
  const customerEmail = uniqueEmail('desk.customer')
  const lastName = `Noted-${uniqueLetters()}`
  const fullName = `Olive ${lastName}`
  const placed = await request.post('/api/catalogue/orders', {
    headers: { origin: BASE_URL },
    data: { first_name: 'Olive', last_name: lastName, email: customerEmail, phone: '(706) 555-0144', location_uid: locations[0]!.uid, items: [{ id: 'oticon-zircon-2', quantity: 1 }] },
  })
  expect(placed.status(), await placed.text()).toBe(201)

  await signInWithForm(page, staffEmail, staffPassword)
  await page.goto('/admin?tab=orders')

  // A note on the order, signed with the staff member's name; its text is shown as text.
  const order = page.getByTestId('order-request').filter({ hasText: lastName })
  await order.getByRole('textbox', { name: `Add a note to ${fullName}'s order request` }).fill('Called at 10, <b>no answer</b>.\nTry after lunch.')
  await order.getByRole('button', { name: `Add note to ${fullName}'s order request` }).click()
  await expect(page.getByText(`Your note is on ${fullName}'s order request.`)).toBeVisible()
  const note = order.getByTestId('order-note')
  await expect(note).toContainText('Frances Desk')
  await expect(note).toContainText('Called at 10, <b>no answer</b>.')
  await expect(order.getByRole('textbox', { name: `Add a note to ${fullName}'s order request` })).toBeFocused()
  await expect(order.getByRole('textbox', { name: `Add a note to ${fullName}'s order request` })).toHaveValue('')

  // The new orders, exported: the file holds the order and its note.
  const filters = page.getByRole('form', { name: 'Filter order requests' })
  await filters.getByLabel('Status').selectOption({ label: 'New' })
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page.getByText(/order requests?, newest first/)).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), filters.getByRole('button', { name: 'Export CSV' }).click()])
  expect(download.suggestedFilename()).toMatch(/^order-requests-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = readFileSync((await download.path())!, 'utf8')
  expect(csv.split('\r\n')[0]).toBe('"order id","received","status","first name","last name","email","phone","clinic","items","total","notes"')
  const line = csv.split('\r\n').find((l) => l.includes(lastName))!
  expect(line).toContain(`"new","Olive","${lastName}","${customerEmail}"`)
  expect(line).toMatch(/Frances Desk: Called at 10, <b>no answer<\/b>\.\nTry after lunch\."$/)
  await scan(page, 'the Orders tab')
  await shoot(page, 'admin-orders')

  // From the order to its message in the Inbox.
  await order.getByRole('link', { name: `Open the message in the Inbox (${fullName}'s order request)` }).click()
  await expect(page).toHaveURL(/tab=inbox&order=/)
  const message = page.locator('li').filter({ has: page.getByRole('heading', { name: fullName }) })
  await expect(message).toBeFocused()

  // Keyboard only: take the message, then list only mine.
  await message.getByRole('button', { name: `Assign to me (message from ${fullName})` }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`The message from ${fullName} is now with you.`)).toBeVisible()
  await expect(message).toContainText('Assigned to: Frances Desk (you)')
  await expect(message.getByRole('combobox', { name: `Assign to (message from ${fullName})` })).toBeFocused()
  await page.getByRole('button', { name: 'Assigned to me' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: 'Assigned to me' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.locator('h3')).toHaveText([fullName])

  // Keyboard only: a reply, e-mailed to the customer.
  const toggle = message.getByRole('button', { name: `Reply by e-mail to ${fullName}` })
  await toggle.focus()
  await page.keyboard.press('Enter')
  const replyBox = message.getByRole('textbox', { name: `Your reply to ${fullName}` })
  await expect(replyBox).toBeFocused()
  await page.keyboard.type('Hello Olive, your Zircon 2 is in. <script>x</script> Call us to book the fitting.')
  await page.keyboard.press('Tab')
  await expect(message.getByRole('button', { name: 'Send reply' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByText(`Your reply is on its way to ${customerEmail}.`)).toBeVisible()
  await expect(toggle).toBeFocused()
  await expect(message.getByTestId('inbox-reply')).toContainText('Frances Desk replied')
  await expect(message.getByTestId('inbox-reply')).toContainText('<script>x</script>')
  const mail = await waitForEmail(customerEmail, /^A reply to your message from/)
  expect(mail.text).toContain('Hello Olive,')
  expect(mail.text).toContain('Hello Olive, your Zircon 2 is in. <script>x</script> Call us to book the fitting.')
  expect(mail.text).toContain('Frances Desk, North Georgia Hearing Care')
  expect(mail.html).not.toContain('<script>')
  expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;')
  // The thread shows where the reply's e-mail is, as of the last listing: refreshed, it has gone.
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(message.getByTestId('inbox-reply')).toContainText('E-mail sent')
  await scan(page, 'the Inbox tab')
  await shoot(page, 'admin-inbox')

  // And back from the message to its order request.
  await message.getByRole('link', { name: `Open the order request from ${fullName}` }).click()
  await expect(page).toHaveURL(/tab=orders&order=/)
  await expect(page.getByTestId('order-request').filter({ hasText: lastName })).toBeFocused()
})

test("admins' Email tab says what was sent, and Settings keeps the recent contact syncs", async ({ page, request }) => {
  // An e-mail the site sent: a new patient's invitation, received by the SMTP sink.
  const invited = uniqueEmail('desk.invited')
  await createPatient(request, { first_name: 'Ina', last_name: 'Invited', email: invited })
  await waitForEmail(invited, /./)
  await signInWithForm(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await page.goto('/admin?tab=email')
  await expect(page.getByRole('heading', { name: 'Email' })).toBeVisible()
  // This stack has an SMTP server: what it took says when it was sent, never "stored locally".
  const sent = page.locator('details').filter({ has: page.locator('summary', { hasText: `To ${invited}` }) })
  // The sink has it; the delivery's row says so a moment later.
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(sent.locator('summary')).toContainText(/· Sent$/, { timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
  await sent.locator('summary').click()
  await expect(sent).toContainText(/· Sent \w{3} \d+, \d{4}/)
  await expect(sent).not.toContainText('Not sent — stored locally')
  await scan(page, 'the Email tab')
  await shoot(page, 'admin-email')

  await page.getByRole('tab', { name: 'Settings' }).click()
  const card = page.getByRole('region', { name: /Contact Sync/ })
  const sync = card.getByRole('button', { name: 'Sync Existing Users' })
  // Two runs: the second has (almost) nothing left to do, and the first stays listed with its counts.
  for (let run = 1; run <= 2; run++) {
    await sync.click()
    await expect(card.getByText(/^Last sync (completed|failed)/)).toBeVisible({ timeout: 60_000 })
    await expect(sync).toBeEnabled()
  }
  const runs = card.getByTestId('contact-sync-run')
  await expect(runs.nth(1)).toBeVisible()
  expect(await runs.count()).toBeGreaterThanOrEqual(2)
  await expect(runs.first()).toContainText(/Completed · Total \d+ · Synced \d+ · Failed \d+ · Skipped \d+/)
  await scan(page, 'the Settings tab')
  await shoot(page, 'admin-settings')
})
