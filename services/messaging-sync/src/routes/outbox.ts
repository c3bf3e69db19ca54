import { errorBody, type RouteGroup } from '@hearing/service-kit'
import { z } from 'zod'
import { DELIVERY_STATUSES, TOPICS, type Database, type Topic } from '../database.js'
import type { Channel } from '../delivery/channel.js'
import { acceptHandover, insertRefused, statusesOf } from '../delivery/store.js'
import { outboxHandoverItem, outboxItemId as id, outboxKey as key } from '@hearing/contracts'

const source = z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'must be a service name')

const intake = z.strictObject({ source, items: z.array(outboxHandoverItem).min(1).max(200) })

const undeliverable = z.strictObject({
  source,
  items: z.array(z.strictObject({ id, key, topic: z.enum(TOPICS), reason: z.string().min(1).max(1000) })).min(1).max(200),
})

const statusQuery = z.strictObject({ source, keys: z.array(key).min(1).max(500) })
const statusAnswer = z.object({
  items: z.array(z.object({ key: z.string(), status: z.enum(DELIVERY_STATUSES), attempts: z.number().int(), last_error: z.string().nullable() })),
})

const accepted = z.object({ items: z.array(z.object({ key: z.string(), id: z.string(), status: z.string() })) })

/**
 * The handover from producers' outboxes (the kit's relay; the services only: the kit demands the
 * internal token). Each item is committed idempotently (unique source + key) before the answer,
 * then queued on its channel; from here on messaging-sync alone owns its status.
 */
export const outboxRoutes: RouteGroup<Database, { channels: Record<Topic, Channel> }> = (app, { channels }) => {
  const db = app.db
  app.post(
    '/internal/outbox',
    {
      bodyLimit: 10 * 1024 * 1024,
      schema: { body: intake, response: { 202: accepted, 400: errorBody, 403: errorBody } },
    },
    async (req, reply) => {
      const stored = await acceptHandover(db, req.body.source, req.body.items)
      for (const row of stored) if (row.status === 'pending') await channels[row.topic].enqueue(row.id)
      return reply.code(202).send({ items: stored.map(({ key, id, status }) => ({ key, id, status })) })
    },
  )

  /** What a producer's relay could not hand over (messaging-sync refused it): kept so staff see it. */
  app.post(
    '/internal/outbox/undeliverable',
    { schema: { body: undeliverable, response: { 204: z.null(), 400: errorBody, 403: errorBody } } },
    async (req, reply) => {
      for (const it of req.body.items) await insertRefused(db, { source: req.body.source, key: it.key, topic: it.topic, reason: it.reason })
      req.log.warn({ source: req.body.source, items: req.body.items.length }, 'a producer reported work it could not hand over')
      return reply.code(204).send(null)
    },
  )

  /**
   * Where a producer's work is (by its keys), for producers that show it: scheduling's sync badge.
   * Keys not handed over yet are absent from the answer.
   */
  app.post(
    '/internal/deliveries/status',
    { schema: { body: statusQuery, response: { 200: statusAnswer, 400: errorBody, 403: errorBody } } },
    async (req) => ({ items: await statusesOf(db, req.body.source, req.body.keys) }),
  )
}
