import type { OrderRequestView, OrderStatus } from '@hearing/contracts'
import useSWR from 'swr'
import styled from 'styled-components'

import { Badge, type BadgeTone } from '@/components/ui/badge'
import { CardActions, CardList, CardRowItem } from '@/components/ui/card-list'
import { api, type ApiError } from '@/lib/api-client'
import { intlLocale } from '@/i18n/i18n'
import { t } from '@/i18n/patient'

import { formatPrice } from '../cart'
import { theme } from '@/config/theme'

const statusTone: Record<OrderStatus, BadgeTone> = { new: 'primary', contacted: 'secondary', fitted: 'success', cancelled: 'outline' }

/** The signed-in customer's own order requests (GET /api/catalogue/orders/mine), on /profile: cards like their appointments. */
export function MyOrderRequests() {
  const { data, error } = useSWR<OrderRequestView[], ApiError>('/catalogue/orders/mine', (path: string) =>
    api.get<{ orders: OrderRequestView[] }>(path).then((r) => r.orders),
  )
  const dateFormat = new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium' })
  return (
    <Section aria-labelledby="my-orders-heading">
      <h2 id="my-orders-heading">{t('orders.heading')}</h2>
      {error ? (
        <p role="alert">{t('orders.loadFailed')}</p>
      ) : !data ? (
        <p role="status">{t('orders.loading')}</p>
      ) : data.length === 0 ? (
        <p>{t('orders.none')}</p>
      ) : (
        <CardList>
          {data.map((o) => (
            <CardRowItem key={o.id}>
              <div>
                <strong>{o.items.map((i) => `${i.quantity} × ${i.title}`).join(', ')}</strong>
                <br />
                {t('orders.requested', { date: dateFormat.format(new Date(o.created_at)), total: formatPrice(o.total) })}
              </div>
              <CardActions>
                <Badge $tone={statusTone[o.status]}>{t(`orders.status.${o.status}`)}</Badge>
              </CardActions>
            </CardRowItem>
          ))}
        </CardList>
      )}
    </Section>
  )
}

const Section = styled.section`
  margin-top: ${theme.space[7]};
`
