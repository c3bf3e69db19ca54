import type { OrderRequestBody, OrderRequestCreated } from '@hearing/contracts'

import { api } from '@/lib/api-client'

import type { CartItem } from '../cart'
import { languageField } from '@/i18n/i18n'

/** Who the clinic calls back: the order request without its items. */
export type CheckoutContact = Omit<OrderRequestBody, 'items'>

/**
 * POST /api/catalogue/orders: only ids and quantities are sent; the server prices the cart from the
 * catalogue and stores an order request (the clinic calls back to arrange the fitting).
 */
export function submitOrderRequest(items: readonly CartItem[], contact: CheckoutContact) {
  return api.post<OrderRequestCreated>('/catalogue/orders', {
    ...contact,
    items: items.map((i) => ({ id: i.id, quantity: i.quantity })),
    ...languageField(),
  })
}

/** Which checkout the cart offers: an order request (local) or the store's own (shopify). */
export function getStoreProvider(): Promise<{ provider: 'local' | 'shopify' }> {
  return api.get<{ provider: 'local' | 'shopify' }>('/catalogue/store')
}

/** POST /api/catalogue/checkout (Shopify): the store prices the cart and answers where to pay. */
export function createStoreCheckout(items: readonly CartItem[]) {
  return api.post<{ checkoutUrl: string }>('/catalogue/checkout', { items: items.map((i) => ({ id: i.id, quantity: i.quantity })) })
}
