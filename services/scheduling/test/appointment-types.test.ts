import { CLINICS } from '@hearing/contracts'
import t from 'tap'
import { build, migrate } from './helper.js'

const NAMES = [
  'Hearing Evaluation', 'Follow-up', 'Adjustment', 'Consultation', 'Check & Clean',
  'Repair', 'Phone Issues', 'New Relocation', 'In-Home Hearing Test',
]

interface AppointmentType {
  id: string
  name: string
  description: string | null
  duration_minutes: number
  location_uid: string
  active: boolean
  sort_order: number
}

const list = async (app: Awaited<ReturnType<typeof build>>['app'], url: string) => {
  const res = await app.inject({ method: 'GET', url })
  return { status: res.statusCode, body: res.json() as AppointmentType[] & { message?: string } }
}

t.test('each clinic offers the nine types of the spec, in order', async (t) => {
  const { app } = await build(t)
  for (const clinic of CLINICS) {
    const { status, body } = await list(app, `/appointment-types?location_uid=${clinic.uid}`)
    t.equal(status, 200)
    t.same(body.map((a) => a.name), NAMES, clinic.name)
    t.ok(body.every((a) => a.location_uid === clinic.uid && a.active && a.duration_minutes > 0 && a.description))
    t.same(Object.keys(body[0]!).sort(), ['active', 'description', 'duration_minutes', 'id', 'location_uid', 'name', 'sort_order'])
    t.match(body[0]!.id, /^[0-9a-f-]{36}$/)
  }
})

t.test('without a location: every active type, by location then sort order', async (t) => {
  const { app } = await build(t)
  const { status, body } = await list(app, '/appointment-types')
  t.equal(status, 200)
  const uids = [...CLINICS.map((c) => c.uid)].sort()
  t.same(body.map((a) => [a.location_uid, a.name]), uids.flatMap((uid) => NAMES.map((n) => [uid, n])))
})

t.test('inactive types are not offered', async (t) => {
  const { app, db } = await build(t)
  const uid = CLINICS[0]!.uid
  await db.updateTable('appointment_types').set({ active: false }).where('location_uid', '=', uid).where('name', '=', 'Repair').execute()
  const { body } = await list(app, `/appointment-types?location_uid=${uid}`)
  t.same(body.map((a) => a.name), NAMES.filter((n) => n !== 'Repair'))
  const other = await list(app, `/appointment-types?location_uid=${CLINICS[1]!.uid}`)
  t.equal(other.body.length, 9, 'the other clinic keeps its own')
  t.equal((await list(app, '/appointment-types')).body.length, 17)
})

t.test('an unknown location has no types', async (t) => {
  const { app } = await build(t)
  t.same(await list(app, '/appointment-types?location_uid=no-such-clinic'), { status: 200, body: [] })
})

t.test('a malformed location uid is a clear 400, never a 500', async (t) => {
  const { app } = await build(t)
  for (const bad of ['', 'a%20b', "x'%3Bdrop", 'x'.repeat(65), '%C3%A9']) {
    const { status, body } = await list(app, `/appointment-types?location_uid=${bad}`)
    t.equal(status, 400, `location_uid=${bad}`)
    t.match(body.message, /location_uid: must be a location uid/)
  }
  const repeated = await list(app, `/appointment-types?location_uid=${CLINICS[0]!.uid}&location_uid=${CLINICS[1]!.uid}`)
  t.equal(repeated.status, 400)
  t.match(repeated.body.message, /location_uid: must be given at most once/)
})

t.test('seeding again keeps staff edits and adds nothing', async (t) => {
  const { app, db, config } = await build(t)
  const uid = CLINICS[1]!.uid
  await db.updateTable('appointment_types').set({ duration_minutes: 45 }).where('location_uid', '=', uid).where('name', '=', 'Adjustment').execute()
  await migrate(config)
  await migrate(config)
  const { body } = await list(app, `/appointment-types?location_uid=${uid}`)
  t.same(body.map((a) => a.name), NAMES)
  t.equal(body.find((a) => a.name === 'Adjustment')!.duration_minutes, 45)
})

t.test('the database refuses a non-positive duration', async (t) => {
  const { db } = await build(t)
  await t.rejects(
    db.insertInto('appointment_types').values({ name: 'Zero', location_uid: 'x', duration_minutes: 0 }).execute(),
    /check constraint/,
  )
})
