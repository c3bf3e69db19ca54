import { httpError, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import type { Database } from '../database.js'
import { StoreUnavailable, type ProductStore } from '../store.js'

const checkoutBody = z.strictObject({
  items: z
    .array(z.strictObject({ id: z.string().min(1).max(200), quantity: z.number().int().min(1).max(20) }))
    .min(1, 'Your cart is empty')
    .max(50),
})

/**
 * Which checkout the cart offers (GET /store): an order request (local, routes/orders.ts) or the
 * store's own (shopify), whose cart POST /checkout creates.
 */
export const checkoutRoutes: RouteGroup<Database, { store: ProductStore }> = (app, { store }) => {
  app.get('/store', { schema: { response: { 200: z.object({ provider: z.enum(['local', 'shopify']) }) } } }, async () => ({ provider: store.provider }))

  // The store prices the cart itself from its variants; we send ids and quantities only.
  const checkout = store.checkout?.bind(store)
  if (!checkout) return
  app.post('/checkout', { bodyLimit: 16 * 1024, schema: { body: checkoutBody, response: { 200: z.object({ checkoutUrl: z.string() }) } } }, async (req) => {
    const lines = new Map<string, number>()
    for (const item of req.body.items) lines.set(item.id, (lines.get(item.id) ?? 0) + item.quantity)
    try {
      return await checkout([...lines].map(([id, quantity]) => ({ id, quantity })))
    } catch (err) {
      if (!(err instanceof StoreUnavailable)) throw err
      req.log.warn({ reason: err.message }, 'store checkout failed')
      throw httpError(err.statusCode, err.statusCode === 400 ? err.message : 'Failed to create checkout. Please try again.', { expose: true })
    }
  })
}
