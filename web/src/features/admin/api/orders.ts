import type { OrderRequestView, OrderStatus } from '@hearing/contracts'
import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

export const ordersKey = '/catalogue/orders'

/** GET /api/catalogue/orders (staff or admin), newest first. */
export function useOrders() {
  return useSWR<OrderRequestView[], ApiError>(ordersKey, () => api.get<{ orders: OrderRequestView[] }>(ordersKey).then((r) => r.orders))
}

/** PATCH /api/catalogue/orders/:id (staff or admin). */
export function updateOrderStatus(id: string, status: OrderStatus) {
  return api.patch<void>(`/catalogue/orders/${encodeURIComponent(id)}`, { status })
}
