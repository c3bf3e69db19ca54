import { randomUUID } from 'node:crypto'
import { addToOutbox } from '@hearing/service-kit'
import { emailKeyPrefix, issueOneTimeToken, MAX_LINKS_PER_HOUR, recentLinkCount } from '../accounts/one-time-tokens.js'
import type { UserRow } from '../accounts/users.js'
import type { Db, OutboxEmail } from '../database.js'
import type { EmailLinks } from './links.js'
import { accountEmail, type EmailKind } from './templates.js'

/** The account's language wins for its e-mails, whatever page asked for them. */
type Recipient = Pick<UserRow, 'id' | 'email' | 'first_name' | 'language'>

/**
 * An e-mail that carries a link, written to the kit's outbox in the caller's transaction together
 * with its single-use token; the relay hands it to messaging-sync, which owns its delivery and the
 * status staff see. Resolves to false when the account already got MAX_LINKS_PER_HOUR of that kind
 * this hour (the caller answers the same either way).
 */
async function sendLink(db: Db, kind: EmailKind, links: EmailLinks, user: Recipient): Promise<boolean> {
  if ((await recentLinkCount(db, user.id, kind)) >= MAX_LINKS_PER_HOUR) return false
  const token = await issueOneTimeToken(db, user.id, kind)
  const email = accountEmail(kind, { to: user.email, firstName: user.first_name, link: links[kind](token, user.language), language: user.language })
  const payload: OutboxEmail = { ...email, kind }
  await addToOutbox(db, { topic: 'email', key: `${emailKeyPrefix(kind, user.id)}${randomUUID()}`, payload })
  return true
}

export const sendConfirmation = (db: Db, links: EmailLinks, user: Recipient) => sendLink(db, 'confirm', links, user)
export const sendPasswordReset = (db: Db, links: EmailLinks, user: Recipient) => sendLink(db, 'reset', links, user)
export const sendInvite = (db: Db, links: EmailLinks, user: Recipient) => sendLink(db, 'invite', links, user)
export const sendDeletionLink = (db: Db, links: EmailLinks, user: Recipient) => sendLink(db, 'erase', links, user)
