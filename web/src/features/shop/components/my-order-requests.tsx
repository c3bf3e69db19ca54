import type { OrderRequestView, OrderStatus } from '@hearing/contracts'
import useSWR from 'swr'
import styled from 'styled-components'

import { api, type ApiError } from '@/lib/api-client'

const statusText: Record<OrderStatus, string> = { new: 'Received', contacted: 'Contacted', fitted: 'Fitted', cancelled: 'Cancelled' }
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

/** The signed-in customer's own order requests (GET /api/catalogue/orders/mine), on /profile. */
export function MyOrderRequests() {
  const { data, error } = useSWR<OrderRequestView[], ApiError>('/catalogue/orders/mine', (path: string) =>
    api.get<{ orders: OrderRequestView[] }>(path).then((r) => r.orders),
  )
  return (
    <Section aria-labelledby="my-orders-heading">
      <h2 id="my-orders-heading">My Order Requests</h2>
      {error ? (
        <p role="alert">Failed to load your order requests.</p>
      ) : !data ? (
        <p role="status">Loading your order requests...</p>
      ) : data.length === 0 ? (
        <p>You have no order requests yet.</p>
      ) : (
        <ul>
          {data.map((o) => (
            <li key={o.id}>
              {dateFormat.format(new Date(o.created_at))}: {o.items.map((i) => `${i.quantity} × ${i.title}`).join(', ')} — {o.total} ·{' '}
              <strong>{statusText[o.status]}</strong>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space[7]};
`
