import { ORDER_STATUSES, type OrderRequestView, type OrderStatus } from '@hearing/contracts'
import { useState } from 'react'
import styled from 'styled-components'
import { CardItem, CardList, CardRow } from '@/components/ui/card-list'

import { notify } from '@/lib/notify'

import { updateOrderStatus, useOrders } from '../api/orders'

import { Muted, RefreshablePanel } from './refreshable-panel'

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const statusLabel: Record<OrderStatus, string> = { new: 'New', contacted: 'Contacted', fitted: 'Fitted', cancelled: 'Cancelled' }

/** The Orders tab: order requests newest first; staff move each through new → contacted → fitted (or cancelled). */
export function OrdersList({ clinics }: { clinics?: ReadonlyArray<{ uid: string; name: string }> }) {
  const orders = useOrders()
  const clinicName = (uid: string) => clinics?.find((l) => l.uid === uid)?.name ?? uid

  return (
    <RefreshablePanel resource={orders} noun="orders" summary={(list) => `${list.length} order request${list.length === 1 ? '' : 's'}, newest first.`}>
      {(list) =>
        list.length === 0 ? (
          <Muted>No order requests yet.</Muted>
        ) : (
          <CardList $gap={4}>
            {list.map((order) => (
              <Order key={order.id} order={order} clinic={clinicName(order.location_uid)} onChanged={() => void orders.mutate()} />
            ))}
          </CardList>
        )
      }
    </RefreshablePanel>
  )
}

function Order({ order, clinic, onChanged }: { order: OrderRequestView; clinic: string; onChanged: () => void }) {
  const [busy, setBusy] = useState(false)
  const selectId = `order-status-${order.id}`
  const change = async (status: OrderStatus) => {
    setBusy(true)
    try {
      await updateOrderStatus(order.id, status)
      onChanged()
    } catch (error) {
      notify.error('Error', error instanceof Error ? error.message : 'Failed to update the order status')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Item data-testid="order-request">
      <CardRow>
        <strong>
          {order.first_name} {order.last_name}
        </strong>
        <span>{timeFormat.format(new Date(order.created_at))}</span>
      </CardRow>
      <Muted>
        {order.email} · {order.phone} · {clinic}
      </Muted>
      <ul>
        {order.items.map((item) => (
          <li key={item.id}>
            {item.quantity} × {item.title} ({item.unit_price} each)
          </li>
        ))}
      </ul>
      <CardRow>
        <strong>Total {order.total}</strong>
        <label htmlFor={selectId}>
          Status{' '}
          <select id={selectId} value={order.status} disabled={busy} onChange={(e) => void change(e.target.value as OrderStatus)}>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel[s]}
              </option>
            ))}
          </select>
        </label>
      </CardRow>
    </Item>
  )
}
const Item = styled(CardItem)`
  ul {
    margin: 0;
  }
  select {
    min-height: 44px;
    font: inherit;
  }
`
