import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'

export const ORDER_STATUSES = ['new', 'contacted', 'fitted', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** An order request (the embedded checkout): the clinic calls the customer back to arrange the fitting. */
export interface OrderRequest {
  id: string
  first_name: string
  last_name: string
  email: string
  phone: string
  location_uid: string
  items: Array<{ id: string; title: string; unit_price: string; quantity: number }>
  total: string
  status: OrderStatus
  created_at: string
}

export const ordersKey = '/catalogue/orders'

/** GET /api/catalogue/orders (staff or admin), newest first. */
export function useOrders() {
  return useSWR<OrderRequest[], ApiError>(ordersKey, () => api.get<{ orders: OrderRequest[] }>(ordersKey).then((r) => r.orders))
}

/** PATCH /api/catalogue/orders/:id (staff or admin). */
export function updateOrderStatus(id: string, status: OrderStatus) {
  return api.patch<void>(`/catalogue/orders/${encodeURIComponent(id)}`, { status })
}
