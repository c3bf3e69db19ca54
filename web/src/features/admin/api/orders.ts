import type { OrderFilters, OrderNote, OrderStatus, StaffOrderRequestView } from '@hearing/contracts'
import useSWR from 'swr'

import { api, type ApiError } from '@/lib/api-client'
import { filterSearch } from '@/lib/download'

export const ordersKey = '/catalogue/orders'

/** GET /api/catalogue/orders (staff or admin): the requests the filters match, newest first, with staff's notes. */
export function useOrders(filters: OrderFilters = {}) {
  const key = `${ordersKey}${filterSearch(filters)}`
  return useSWR<StaffOrderRequestView[], ApiError>(key, () => api.get<{ orders: StaffOrderRequestView[] }>(key).then((r) => r.orders), { keepPreviousData: true })
}

/** GET /api/catalogue/orders.csv (staff or admin): every request the filters match, as CSV text (the export is audited). */
export function exportOrders(filters: OrderFilters) {
  return api.get<string>(`/catalogue/orders.csv${filterSearch(filters)}`, { headers: { accept: 'text/csv' } })
}

/** PATCH /api/catalogue/orders/:id (staff or admin). `emailed`: the customer was told of the change. */
export function updateOrderStatus(id: string, status: OrderStatus) {
  return api.patch<{ emailed: boolean }>(`/catalogue/orders/${encodeURIComponent(id)}`, { status })
}

/** POST /api/catalogue/orders/:id/notes (staff or admin): an internal note, signed with the writer's name. */
export function addOrderNote(id: string, text: string) {
  return api.post<{ note: OrderNote }>(`/catalogue/orders/${encodeURIComponent(id)}/notes`, { text })
}
