import type { OrderRequestView, OrderStatus } from '@hearing/contracts'
import useSWR from 'swr'
import styled from 'styled-components'

import { Badge, type BadgeTone } from '@/components/ui/badge'
import { CardActions, CardList, CardRowItem } from '@/components/ui/card-list'
import { api, type ApiError } from '@/lib/api-client'

import { formatPrice } from '../cart'

const statusText: Record<OrderStatus, string> = { new: 'Received', contacted: 'Contacted', fitted: 'Fitted', cancelled: 'Cancelled' }
const statusTone: Record<OrderStatus, BadgeTone> = { new: 'primary', contacted: 'secondary', fitted: 'success', cancelled: 'outline' }
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

/** The signed-in customer's own order requests (GET /api/catalogue/orders/mine), on /profile: cards like their appointments. */
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
        <CardList>
          {data.map((o) => (
            <CardRowItem key={o.id}>
              <div>
                <strong>{o.items.map((i) => `${i.quantity} × ${i.title}`).join(', ')}</strong>
                <br />
                Requested {dateFormat.format(new Date(o.created_at))} · {formatPrice(o.total)}
              </div>
              <CardActions>
                <Badge $tone={statusTone[o.status]}>{statusText[o.status]}</Badge>
              </CardActions>
            </CardRowItem>
          ))}
        </CardList>
      )}
    </Section>
  )
}

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space[7]};
`
