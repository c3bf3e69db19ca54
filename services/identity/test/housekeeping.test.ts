import t from 'tap'
import { housekeeping } from '../src/housekeeping.js'
import { build, confirmedUser, post, REFRESH } from './helper.js'

t.test('housekeeping removes dead tokens, old throttle windows and old delivered e-mails, and nothing alive', async (t) => {
  const { app, db } = await build(t)
  const user = await confirmedUser(app, db)
  const long = new Date(Date.now() - 40 * 86_400_000)
  const [dead] = await db
    .insertInto('refresh_tokens')
    .values({ user_id: user.userId, family_id: '00000000-0000-4000-8000-000000000001', token_hash: 'dead', expires_at: long, absolute_expires_at: long })
    .returning('id')
    .execute()
  await db.insertInto('one_time_tokens').values({ token_hash: 'old', user_id: user.userId, purpose: 'reset', expires_at: long }).execute()
  await db.insertInto('login_throttle').values({ key: 'old-window', window_start: long, failures: 3 }).execute()
  await db.insertInto('login_throttle').values({ key: 'current-window', window_start: new Date(), failures: 3 }).execute()
  await db.updateTable('outbox').set({ handed_over_at: long }).execute()
  const pending = await db
    .insertInto('outbox')
    .values({ topic: 'email', key: `email:reset:${user.userId}:pending`, payload: JSON.stringify({ to: user.email, subject: 's', text: 't', html: 'h', kind: 'reset' }) })
    .returning('id')
    .executeTakeFirstOrThrow()

  await housekeeping(db)

  t.notOk(await db.selectFrom('refresh_tokens').select('id').where('id', '=', dead!.id).executeTakeFirst(), 'expired refresh token gone')
  t.equal((await post(app, '/token/refresh', undefined, {}, { [REFRESH]: user.refresh })).statusCode, 200, 'the live session is untouched')
  t.notOk(await db.selectFrom('one_time_tokens').select('token_hash').where('token_hash', '=', 'old').executeTakeFirst())
  t.same((await db.selectFrom('login_throttle').select('key').execute()).map((r) => r.key), ['current-window'])
  t.same((await db.selectFrom('outbox').select('id').execute()).map((r) => r.id), [pending.id], 'old delivered e-mails go, undelivered ones stay')
})
