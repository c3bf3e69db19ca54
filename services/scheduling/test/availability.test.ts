import { CLINICS, firstBookableDate } from '@hearing/contracts'
import t from 'tap'
import { describeStart, freeSlots, slotsOf } from '../src/availability.js'

const NOW = new Date('2026-11-24T15:00:00Z') // Tuesday 10:00 in Gainesville
const clinic = CLINICS[0]!
const slotsOfDay = (date: string, minutes = 60, now = NOW) => {
  const day = slotsOf(clinic, date, minutes, { now })
  if ('refused' in day) throw new Error(`refused: ${day.refused}`)
  return day.slots
}

t.test('dates: today + 3 in the clinic’s zone, weekdays only, not on closed days', async (t) => {
  t.equal(firstBookableDate(NOW), '2026-11-27')
  t.equal(firstBookableDate(new Date('2026-11-25T04:30:00Z')), '2026-11-27', 'at 23:30 in Gainesville it is still the 24th there, although the 25th in UTC')
  t.same(slotsOf(clinic, '2026-11-26', 60, { now: NOW }), { refused: 'too-soon' })
  t.same(slotsOf(clinic, '2026-11-28', 60, { now: NOW }), { refused: 'weekend' }, 'Saturday')
  t.same(slotsOf(clinic, '2026-11-29', 60, { now: NOW }), { refused: 'weekend' }, 'Sunday')
  t.same(slotsOf(clinic, '2026-11-30', 60, { now: NOW, closedDates: new Set(['2026-11-30']) }), { refused: 'closed' })
  t.same(slotsOf(clinic, '2026-02-30', 60, { now: NOW }), { refused: 'invalid' })
  t.same(slotsOf(clinic, '30/11/2026', 60, { now: NOW }), { refused: 'invalid' })
})

t.test('slots: from 09:00 every 30 minutes, ending by 16:00 Monday to Thursday and 13:00 on Friday', async (t) => {
  const monday = slotsOfDay('2026-11-30')
  t.equal(monday[0]!.time, '09:00')
  t.equal(monday[0]!.label, '9:00 AM')
  t.equal(monday.at(-1)!.time, '15:00', 'a 60-minute appointment starts 15:00 at the latest')
  t.equal(monday.at(-1)!.label, '3:00 PM')
  t.equal(monday.length, 13)
  const friday = slotsOfDay('2026-11-27')
  t.same(friday.map((s) => s.time), ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00'], 'Friday closes at 13:00')
  t.equal(slotsOfDay('2026-11-27', 90).at(-1)!.time, '11:30', 'a 90-minute in-home test ends by 13:00 too')
  t.equal(slotsOfDay('2026-11-30', 30).at(-1)!.time, '15:30')
})

t.test('both DST switches: 09:00 stays 09:00 on the clinic’s clock', async (t) => {
  const octoberNow = new Date('2026-10-20T12:00:00Z')
  t.equal(slotsOfDay('2026-10-30', 60, octoberNow)[0]!.starts_at.toISOString(), '2026-10-30T13:00:00.000Z', 'Friday before the switch back: EDT, UTC-4')
  t.equal(slotsOfDay('2026-11-02', 60, octoberNow)[0]!.starts_at.toISOString(), '2026-11-02T14:00:00.000Z', 'Monday after 1 November: EST, UTC-5')
  const marchNow = new Date('2027-03-01T12:00:00Z')
  t.equal(slotsOfDay('2027-03-12', 60, marchNow)[0]!.starts_at.toISOString(), '2027-03-12T14:00:00.000Z', 'Friday before 14 March: EST')
  const monday = slotsOfDay('2027-03-15', 60, marchNow)
  t.equal(monday[0]!.starts_at.toISOString(), '2027-03-15T13:00:00.000Z', 'Monday after: EDT, UTC-4')
  t.equal(monday[0]!.ends_at.getTime() - monday[0]!.starts_at.getTime(), 3_600_000, 'an hour is an hour')
  t.same(slotsOf(clinic, '2026-11-01', 60, { now: octoberNow }), { refused: 'weekend' }, 'the switch days themselves are Sundays')
  t.match(describeStart(monday[0]!.starts_at), /^Monday, March 15, 2027 at 9:00 AM \(Eastern Daylight Time\)$/)
})

t.test('a visitor in another zone is offered the clinic’s times', async (t) => {
  const previous = process.env.TZ
  process.env.TZ = 'Asia/Tokyo'
  t.teardown(() => {
    process.env.TZ = previous
  })
  const monday = slotsOfDay('2026-11-30')
  t.equal(monday[0]!.label, '9:00 AM')
  t.equal(monday[0]!.starts_at.toISOString(), '2026-11-30T14:00:00.000Z')
})

t.test('taken ranges take out every slot they overlap', async (t) => {
  const monday = slotsOfDay('2026-11-30')
  const taken = [{ starts_at: new Date('2026-11-30T15:00:00Z'), ends_at: new Date('2026-11-30T16:00:00Z') }] // 10:00-11:00 EST
  const free = freeSlots(monday, taken).map((s) => s.time)
  t.notOk(free.includes('09:30') || free.includes('10:00') || free.includes('10:30'), '09:30, 10:00 and 10:30 overlap it')
  t.ok(free.includes('09:00') && free.includes('11:00'), 'touching ends do not overlap')
})
