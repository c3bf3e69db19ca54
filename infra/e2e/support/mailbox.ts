import { expect } from '@playwright/test'

import { MOCK_CONTROL_URL } from './env.js'

/** An e-mail the SMTP sink received (see mock-services.mjs). */
export interface ReceivedEmail {
  to: string
  from: string
  subject: string
  text: string
  html: string
  attachments: Array<{ filename: string; contentType: string; content: string }>
  envelopeTo: string[]
  receivedAt: string
}

export async function emailsTo(address: string): Promise<ReceivedEmail[]> {
  const res = await fetch(`${MOCK_CONTROL_URL}/messages?${new URLSearchParams({ to: address })}`)
  if (!res.ok) throw new Error(`mock control answered ${res.status}`)
  return (await res.json()) as ReceivedEmail[]
}

/**
 * Waits until the SMTP sink has received an e-mail to `address` whose subject matches, and returns
 * the newest such. Delivery goes identity outbox -> messaging-sync queue -> SMTP, so it takes a moment.
 */
export async function waitForEmail(address: string, subject: RegExp, timeout = 45_000): Promise<ReceivedEmail> {
  let found: ReceivedEmail | undefined
  await expect
    .poll(
      async () => {
        const all = await emailsTo(address)
        found = all.filter((m) => subject.test(m.subject)).at(-1)
        return found !== undefined
      },
      { timeout, intervals: [250, 500, 1000], message: `an e-mail to ${address} with subject ${subject}` },
    )
    .toBe(true)
  return found!
}

/** The first link in the e-mail's text whose path starts with `pathPrefix` (e.g. '/reset-password'). */
export function linkIn(email: ReceivedEmail, pathPrefix: string): string {
  const urls = `${email.text}\n${email.html}`.match(/https?:\/\/[^\s"'<>)]+/g) ?? []
  const link = urls.map((u) => u.replace(/&amp;/g, '&')).find((u) => new URL(u).pathname.startsWith(pathPrefix))
  if (!link) throw new Error(`no ${pathPrefix} link in e-mail "${email.subject}":\n${email.text}`)
  return link
}

/** Tells the stand-in Google whom the next sign-in is for. */
export async function setGoogleUser(user: { sub: string; email: string; given_name: string; family_name: string }) {
  const res = await fetch(`${MOCK_CONTROL_URL}/google/next-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  })
  if (!res.ok) throw new Error(`mock control answered ${res.status}`)
}
