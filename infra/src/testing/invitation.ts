import ICAL from 'ical.js'

/** What a calendar program reads from an appointment invitation (.ics). */
export interface Invitation {
  /** What the file does to the entry (iTIP METHOD): REQUEST adds or updates it, CANCEL removes it. */
  method: string | null
  uid: string
  /** The entry's revision: a file with a higher one replaces what a lower one said. */
  sequence: number
  summary: string
  description: string
  location: string
  url: string | null
  status: string | null
  /** The zone the times are written in (TZID), e.g. "America/New_York". */
  timeZone: string
  /** Wall-clock start in that zone, "YYYY-MM-DDTHH:MM:SS". */
  localStart: string
  start: Date
  end: Date
  /** Each reminder's trigger, e.g. "-P1D". */
  reminders: string[]
}

/**
 * Reads the one event of an iCalendar file with a maintained parser (Mozilla's ical.js), the way
 * a calendar program would, rather than matching strings: the file's own VTIMEZONE is what turns
 * its zoned times into instants, so a wrong or missing zone shows up as a wrong `start`.
 */
export function readInvitation(ics: string): Invitation {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const zones = new Map(calendar.getAllSubcomponents('vtimezone').map((c) => {
    const zone = new ICAL.Timezone(c)
    return [zone.tzid, zone] as const
  }))
  const events = calendar.getAllSubcomponents('vevent')
  if (events.length !== 1) throw new Error(`expected one event, found ${events.length}`)
  const vevent = events[0]!
  const event = new ICAL.Event(vevent)
  const tzid = String(vevent.getFirstProperty('dtstart')?.getParameter('tzid') ?? 'UTC')
  const zone = zones.get(tzid)
  if (tzid !== 'UTC' && !zone) throw new Error(`the file names the zone ${tzid} but does not describe it (no VTIMEZONE)`)
  const instant = (time: ICAL.Time) => {
    const zoned = time.clone()
    if (zone) zoned.zone = zone
    return zoned.toJSDate()
  }
  const text = (name: string) => {
    const value = vevent.getFirstPropertyValue(name)
    return value === null ? null : String(value)
  }
  const method = calendar.getFirstPropertyValue('method')
  return {
    method: method === null ? null : String(method),
    uid: event.uid,
    sequence: event.sequence,
    summary: event.summary,
    description: event.description,
    location: event.location,
    url: text('url'),
    status: text('status'),
    timeZone: tzid,
    localStart: event.startDate.toString(),
    start: instant(event.startDate),
    end: instant(event.endDate),
    reminders: vevent.getAllSubcomponents('valarm').map((a) => String(a.getFirstPropertyValue('trigger'))),
  }
}
