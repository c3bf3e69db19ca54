import { SHUTDOWN_GRACE_MS } from '@hearing/service-kit'
import t from 'tap'
import { EMAIL_CHANNEL_DEFAULTS } from '../src/email/channel.js'
import { PROVIDER_CHANNEL_DEFAULTS } from '../src/providers/channel.js'

/**
 * What messaging-sync's close may take: each channel's worker, then its queue (one after the
 * other: Fastify runs onClose hooks in turn), then its Redis connection (1 s).
 */
const closeMs = [EMAIL_CHANNEL_DEFAULTS, PROVIDER_CHANNEL_DEFAULTS].reduce((ms, channel) => ms + 2 * channel.closeTimeoutMs, 0) + 1_000

t.test("messaging-sync's close fits inside the kit's shutdown budget", async (t) => {
  t.comment(`messaging-sync close ≤ ${closeMs} ms; kit ${SHUTDOWN_GRACE_MS} ms`)
  t.ok(closeMs < SHUTDOWN_GRACE_MS)
})
