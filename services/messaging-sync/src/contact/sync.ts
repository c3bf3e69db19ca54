import { MESSAGING_CONTACTS_PATH, messagingContactsPage, type ContactSyncRun, type MessagingContactCandidate, type MessagingContactsPage } from '@hearing/contracts'
import type { FastifyBaseLogger } from 'fastify'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../database.js'
import type { Channel } from '../delivery/channel.js'
import { insertDelivery } from '../delivery/store.js'
import type { MessagingProvider } from '../providers/provider.js'

export interface ContactSyncOptions {
  db: Kysely<Database>
  channel: Channel
  provider: MessagingProvider
  /** Identity's base URL and the service credential for its internal route. */
  identityUrl: string
  internalToken: string
  log: FastifyBaseLogger
  /** Users read from identity per page. */
  pageSize?: number
  /** How often each replica looks for a run whose listing an interrupted process left unfinished. */
  resumeIntervalMs?: number
  /** Identity unreachable this many times in a row: the run fails with the reason. */
  maxListingFailures?: number
}

/**
 * Sync Existing Users: hands every confirmed account without a contact at the provider to the
 * provider channel as a contact delivery of this run; unconfirmed and nameless accounts are
 * skipped and counted by reason (the report says why, not "Skipped 0"). The run is a row; reading identity's pages
 * is resumable from its cursor by any replica (the row lock makes one reader at a time); delivery,
 * pacing at the provider's limit, retries and Redis outages are the channel's business; progress is
 * counted from the run's deliveries. So a reload, a restart of this service or of Redis loses
 * nothing and the run carries on where it was.
 */
export function contactSync({ db, channel, provider, identityUrl, internalToken, log, pageSize = 200, resumeIntervalMs = 2_000, maxListingFailures = 10 }: ContactSyncOptions) {
  let listing: Promise<void> | undefined
  let listingFailures = 0
  let closed = false

  async function readPage(after: string | null): Promise<MessagingContactsPage> {
    const url = new URL(MESSAGING_CONTACTS_PATH, identityUrl)
    url.search = new URLSearchParams({ limit: String(pageSize), ...(after ? { after } : {}) }).toString()
    const res = await fetch(url, { headers: { 'x-internal-token': internalToken }, signal: AbortSignal.timeout(10_000) })
    if (!res.ok) throw new Error(`identity answered ${res.status} listing users`)
    return messagingContactsPage.parse(await res.json())
  }

  /** A link made for this provider (a local link says nothing about Podium). */
  const linkedHere = (contactId: string) => provider.name === 'local' || !contactId.startsWith('local:')

  const eligible = (u: MessagingContactCandidate) => Boolean(u.email.trim()) && Boolean(u.first_name?.trim() || u.last_name?.trim())

  /** Reads one page of a running run and hands its users over; false when the listing is complete. */
  async function listOnePage(): Promise<boolean> {
    const handed = await db.transaction().execute(async (trx) => {
      const run = await trx.selectFrom('contact_syncs').selectAll().where('status', '=', 'running').where('listed', '=', false).forUpdate().skipLocked().executeTakeFirst()
      if (!run) return null
      const page = await readPage(run.cursor)
      const ids = page.users.map((u) => u.id)
      const links = ids.length ? await trx.selectFrom('contact_links').select(['user_id', 'contact_id']).where('user_id', 'in', ids).execute() : []
      const synced = new Set(links.filter((l) => linkedHere(l.contact_id)).map((l) => l.user_id))
      const unconfirmed = page.users.filter((u) => !u.email_verified).length
      const incomplete = page.users.filter((u) => u.email_verified && !eligible(u)).length
      const toHand = page.users.filter((u) => u.email_verified && eligible(u) && !synced.has(u.id))
      const deliveryIds: string[] = []
      for (const user of toHand) {
        const row = await insertDelivery(trx, {
          source: 'messaging-sync',
          key: `contact-sync:${run.id}:${user.id}`,
          topic: 'contact',
          batchId: run.id,
          payload: {
            user_id: user.id,
            first_name: user.first_name?.trim() ?? '',
            last_name: user.last_name?.trim() ?? '',
            email: user.email,
            ...(user.phone ? { phone: user.phone } : {}),
            // None chosen: the provider uses the fixed default location (SPEC §9).
            ...(user.preferred_location_uid ? { location_uid: user.preferred_location_uid } : {}),
          },
        })
        if (row.created) deliveryIds.push(row.id)
      }
      await trx
        .updateTable('contact_syncs')
        .set((eb) => ({ cursor: page.next ?? run.cursor, listed: page.next === null, total: eb('total', '+', deliveryIds.length),
          skipped: eb('skipped', '+', unconfirmed + incomplete),
          skipped_unconfirmed: eb('skipped_unconfirmed', '+', unconfirmed),
        }))
        .where('id', '=', run.id)
        .execute()
      return { deliveryIds, more: page.next !== null }
    })
    if (!handed) return false
    // After the commit: a failed enqueue is picked up by the channel's sweeper.
    for (const id of handed.deliveryIds) await channel.enqueue(id)
    return handed.more
  }

  async function listAll(): Promise<void> {
    try {
      while (!closed && (await listOnePage())) listingFailures = 0
      listingFailures = 0
    } catch (err) {
      listingFailures += 1
      const reason = err instanceof Error ? err.message : String(err)
      log.warn({ reason, failures: listingFailures }, 'contact sync: reading users failed')
      if (listingFailures >= maxListingFailures) {
        await db
          .updateTable('contact_syncs')
          .set({ status: 'failed', error: `Could not read the users: ${reason}`.slice(0, 500), finished_at: sql<Date>`now()` })
          .where('status', '=', 'running')
          .execute()
        listingFailures = 0
      }
    }
  }

  /** Lists what is left of a running run unless this process is already at it. */
  function kick(): Promise<void> {
    listing ??= listAll().finally(() => (listing = undefined))
    return listing
  }

  async function view(runId?: string): Promise<ContactSyncRun | null> {
    let query = db.selectFrom('contact_syncs').selectAll()
    query = runId ? query.where('id', '=', runId) : query.orderBy('started_at', 'desc').limit(1)
    const run = await query.executeTakeFirst()
    if (!run) return null
    const counts = await db
      .selectFrom('deliveries')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('batch_id', '=', run.id)
      .groupBy('status')
      .execute()
    const count = (...statuses: string[]) => counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + Number(c.n), 0)
    const synced = count('delivered', 'local')
    // Work that ran out of quick retries counts as failed here (slow retries go on in the background).
    const failed = count('failed', 'waiting', 'refused')
    let { status, finished_at } = run
    if (status === 'running' && run.listed && synced + failed >= run.total) {
      const settled = await db
        .updateTable('contact_syncs')
        .set({ status: 'completed', finished_at: sql<Date>`now()` })
        .where('id', '=', run.id)
        .where('status', '=', 'running')
        .returning(['status', 'finished_at'])
        .executeTakeFirst()
      if (settled) ({ status, finished_at } = settled)
      else return view(run.id)
    }
    return {
      id: run.id,
      status,
      provider: run.provider,
      total: run.total,
      synced,
      failed,
      skipped: run.skipped,
      skipped_unconfirmed: run.skipped_unconfirmed,
      skipped_incomplete: run.skipped - run.skipped_unconfirmed,
      listed: run.listed,
      error: run.error,
      started_at: run.started_at.toISOString(),
      finished_at: finished_at?.toISOString() ?? null,
    }
  }

  const timer = setInterval(() => void kick(), resumeIntervalMs)
  timer.unref()

  return {
    /** Starts a run, or joins the one running (one at a time, across replicas). */
    async start(adminId: string): Promise<{ sync: ContactSyncRun; joined: boolean }> {
      const created = await db
        .insertInto('contact_syncs')
        .values({ provider: provider.name, started_by: adminId })
        .onConflict((oc) => oc.doNothing()) // contact_syncs_one_running: one is already running
        .returning('id')
        .executeTakeFirst()
      if (created) {
        log.info({ syncId: created.id, by: adminId }, 'contact sync started')
        void kick()
      }
      const current = await db.selectFrom('contact_syncs').select('id').where('status', '=', 'running').executeTakeFirst()
      const sync = await view(current?.id ?? created?.id)
      return { sync: sync!, joined: !created }
    },
    /** The latest `size` runs, newest first, each with its counts (settled once everything is delivered or failed). */
    async history(size: number): Promise<ContactSyncRun[]> {
      const runs = await db.selectFrom('contact_syncs').select('id').orderBy('started_at', 'desc').orderBy('id', 'desc').limit(size).execute()
      const views = await Promise.all(runs.map((r) => view(r.id)))
      return views.filter((v): v is ContactSyncRun => v !== null)
    },
    /** Waits for the listing in progress, if any (tests, shutdown). */
    idle: () => listing ?? Promise.resolve(),
    async close() {
      closed = true
      clearInterval(timer)
      await listing?.catch(() => {})
    },
  }
}
export type ContactSync = ReturnType<typeof contactSync>

/**
 * Claims the user's "Welcome!" (SPEC §4): true exactly once, after their messaging contact was
 * created; atomic, so several tabs or a retried request never show it twice.
 */
export async function claimWelcome(db: Kysely<Database>, userId: string): Promise<boolean> {
  const claimed = await db
    .updateTable('contact_links')
    .set({ welcomed_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('welcomed_at', 'is', null)
    .returning('user_id')
    .executeTakeFirst()
  return Boolean(claimed)
}
