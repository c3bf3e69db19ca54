
import { adminToken, signInWithForm, uniqueLetters } from './support/accounts.js'
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/env.js'
import { expect, test } from './support/hydrated.js'
import { expectNoAxeViolations } from './support/axe.js'
import { waitForFocusInside } from './support/layout.js'

const SHOTS = process.env.SHOP_SCREENSHOTS // a directory: the journey's screens at 390 and 1366 px are saved there

test('home brand link → /products#phonak → product → cart survives a reload → order request → admin Orders tab', async ({ page, browser, request }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/')
  await page.getByRole('link', { name: 'Shop Phonak' }).click()
  await expect(page).toHaveURL(/\/products#phonak$/)
  const phonak = page.locator('section#phonak')
  await expect(phonak).toBeInViewport({ timeout: 15_000 })
  await expect(page.locator('section#unitron')).toHaveCount(0) // empty collection hidden

  await phonak.getByRole('link', { name: 'Phonak Audéo Lumity 70' }).click()
  await expect(page).toHaveURL(/\/products\/phonak-audeo-lumity-70$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Phonak Audéo Lumity 70' })).toBeVisible()
  await page.getByRole('button', { name: 'Return Policy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Return Policy' })
  await expect(dialog).toContainText('$175 restocking fee')
  await dialog.getByRole('button', { name: 'Close' }).click()

  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByText('Added to Cart')).toBeVisible()
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible()

  await page.reload()
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  const cartButton = page.getByRole('button', { name: 'Cart, 2 items' })
  await cartButton.click()
  const drawer = page.getByRole('dialog', { name: 'Your Cart' })
  await expect(drawer).toContainText('Total (2 items)')
  await waitForFocusInside(drawer)
  // Escape closes the drawer and gives focus back to the cart button; it opens again at once.
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(cartButton).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(drawer).toBeVisible()
  await expect(drawer).toContainText('$5,198.00') // with a thousands separator
  await drawer.getByRole('button', { name: 'Checkout' }).click()
  const form = drawer.getByRole('form', { name: 'Order request' })
  // A name is letters: the run's stamp spelled with letters only.
  const lastName = `Shopper-${uniqueLetters()}`
  await form.getByLabel('First name').fill('Visit http://phish.example/x')
  await form.getByLabel('Last name').fill(lastName)
  await form.getByLabel('E-mail').fill('grace.shopper@example.com')
  await form.getByLabel('Phone').fill('(770) 555-0199')
  await form.getByLabel('Preferred clinic').selectOption({ index: 1 })
  // A link where the name goes is refused at the field, before anything is sent.
  await form.getByRole('button', { name: 'Send Order Request' }).click()
  await expect(form.getByText('First name may contain only letters, spaces, hyphens, apostrophes and periods.')).toBeVisible()
  await expect(form.getByLabel('First name')).toBeFocused()
  await form.getByLabel('First name').fill('Grace')
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/cart-1366.png` })
  await form.getByRole('button', { name: 'Send Order Request' }).click()
  await expect(page.getByText('Order request sent')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible()

  // The server priced it: the staff list shows the catalogue total.
  const token = await adminToken(request)
  const orders = await request.get('/api/catalogue/orders', { headers: { authorization: `Bearer ${token}` } })
  const mine = ((await orders.json()) as { orders: Array<{ last_name: string; total: string }> }).orders.find((o) => o.last_name === lastName)
  expect(mine?.total).toBe('$5198.00')

  const admin = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage()
  await signInWithForm(admin, ADMIN_EMAIL, ADMIN_PASSWORD)
  await admin.goto('/admin?tab=orders')
  const order = admin.getByTestId('order-request').filter({ hasText: lastName }).first()
  await expect(order).toContainText('2 × Phonak Audéo Lumity 70')
  await expect(order).toContainText('Total $5198.00')
  await order.getByLabel('Status').selectOption('contacted')
  await order.getByRole('button', { name: /^Update status/ }).click()
  await expect(admin.getByText('Order updated')).toBeVisible()
  await admin.reload()
  await expect(admin.getByTestId('order-request').filter({ hasText: lastName }).first().getByLabel('Status')).toHaveValue('contacted')
  if (SHOTS) {
    await admin.setViewportSize({ width: 1366, height: 900 })
    await admin.screenshot({ path: `${SHOTS}/admin-orders-1366.png` })
  }
})

test('an unknown product answers HTTP 404 and shows Product Not Found with Back to Products', async ({ page, request }) => {
  const response = await page.goto('/products/no-such-aid')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible()
  await expect(page.getByText('Product not found.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to Products' })).toBeVisible()

  // A real product's page arrives with its own head and Product JSON-LD.
  const html = await (await request.get('/products/oticon-intent-1')).text()
  expect(html).toContain('<title>Oticon Intent 1 | ')
  const product = JSON.parse(/<script type="application\/ld\+json" data-seo>(.*?)<\/script>/.exec(html)![1]!)['@graph'][0]
  expect(product).toMatchObject({ '@type': 'Product', name: 'Oticon Intent 1', brand: { name: 'Oticon' }, offers: { price: '3199.00', priceCurrency: 'USD' } })
})

for (const url of ['/products', '/products/oticon-intent-1']) {
  test(`axe finds no WCAG 2.1 AA violations on ${url}, with the product data loaded`, async ({ page }) => {
    test.setTimeout(90_000) // two widths, a screenshot and a full axe run each on a loaded machine
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
      await page.goto(url)
      await expect(page.getByRole('button', { name: /Cart, \d+ item/ })).toBeVisible()
      await expect(page.getByRole('heading', { name: url === '/products' ? 'Phonak' : 'Oticon Intent 1' }).first()).toBeVisible()
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/page${url.replaceAll('/', '-')}-${width}.png`, fullPage: width === 390 ? false : true })
      await expectNoAxeViolations(page, `${url} at ${width}px`)
    }
  })
}

test('the product list and page states: loading, Connection Issue with Retry, no answer at all, no products, the last-known notice', async ({ page }) => {
  const collections = '**/api/catalogue/collections?keys=*'
  const storeFailed = 'Failed to load products from Shopify. Please check your Shopify credentials and collection handles.'
  // The store failed and nothing was ever read: the service's 502.
  let release: () => void = () => {}
  const held = new Promise<void>((r) => (release = r))
  await page.route(collections, async (route) => {
    await held
    await route.fulfill({ status: 502, json: { statusCode: 502, error: 'Bad Gateway', message: storeFailed } })
  })
  await page.goto('/products')
  await expect(page.getByRole('status').filter({ hasText: 'Loading products...' })).toBeVisible()
  release()
  const panel = page.getByRole('alert').filter({ hasText: 'Connection Issue' })
  await expect(panel).toBeVisible({ timeout: 15_000 })
  await expect(panel).toContainText(storeFailed)
  await page.unroute(collections)
  await panel.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('heading', { level: 2, name: 'Phonak Audéo Sphere Infinio 90' })).toBeVisible()

  // No answer at all (the network).
  await page.route(collections, (route) => route.abort('connectionrefused'))
  await page.goto('/products')
  await expect(page.getByRole('alert').filter({ hasText: 'Connection Issue' })).toContainText('Failed to connect to product service. Please check your network connection.', { timeout: 15_000 })
  await page.unroute(collections)

  // Every collection empty.
  await page.route(collections, (route) => route.fulfill({ json: { collections: { phonak: [], signia: [], oticon: [], unitron: [], 'best-sellers': [] } } }))
  await page.goto('/products')
  await expect(page.getByText('No products available')).toBeVisible()
  await page.unroute(collections)

  // The store failed after a good read: the last products, with the notice.
  await page.route(collections, async (route) => {
    const answer = await route.fetch()
    await route.fulfill({ response: answer, json: { ...(await answer.json()), notice: storeFailed } })
  })
  await page.goto('/products')
  const notice = page.getByRole('status').filter({ hasText: storeFailed })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('prices and availability may have changed since')
  await expect(page.getByRole('heading', { level: 2, name: 'Phonak Audéo Sphere Infinio 90' })).toBeVisible()
  await page.unroute(collections)

  // A product page whose data cannot be read.
  await page.route('**/api/catalogue/products/oticon-intent-1', (route) => route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'x' } }))
  await page.goto('/products/oticon-intent-1')
  await expect(page.getByRole('heading', { name: 'Product Not Found' })).toBeVisible()
  await expect(page.getByText('Failed to load product details.')).toBeVisible()
})

// The header's count starts listening for other tabs once the page is idle (web/src/features/shop/cart.ts).
test("a hearing aid added in one tab shows in another tab's header count", async ({ page, context }) => {
  await page.goto('/')
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible()
  const other = await context.newPage()
  await other.goto('/products/phonak-audeo-lumity-70')
  await other.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await other.getByRole('button', { name: 'Add to Cart' }).click()
  await expect(other.getByRole('button', { name: 'Cart, 1 item' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cart, 1 item' }), 'the first tab heard of it').toBeVisible()
  await other.close()
})
