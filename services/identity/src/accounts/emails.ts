import { randomUUID } from 'node:crypto'
import { addToOutbox } from '@hearing/service-kit'
import type { OutboxEmail } from '../database.js'
import { emailLinks } from '../email/links.js'
import { confirmationEmail, inviteEmail, passwordResetEmail, type EmailKind } from '../email/templates.js'
import { emailKeyPrefix, issueOneTimeToken, MAX_LINKS_PER_HOUR, recentLinkCount } from './one-time-tokens.js'
import type { Db, UserRow } from './users.js'

/**
 * The e-mails that carry a link, each written to the outbox in the caller's transaction together
 * with its single-use token. They resolve to false when the account already got MAX_LINKS_PER_HOUR
 * of that kind this hour (the caller answers the same either way).
 */
/**
 * Adds the e-mail to the kit's outbox in the caller's transaction; the relay hands it to
 * messaging-sync, which owns its delivery and the status staff see.
 */
async function addEmail(db: Db, kind: EmailKind, userId: string, email: Omit<OutboxEmail, 'kind'>): Promise<void> {
  await addToOutbox(db, { topic: 'email', key: `${emailKeyPrefix(kind, userId)}${randomUUID()}`, payload: { ...email, kind } })
}

type Sender = (db: Db, publicUrl: string, user: Pick<UserRow, 'id' | 'email' | 'first_name'>) => Promise<boolean>

export const sendConfirmation: Sender = async (db, publicUrl, user) => {
  if ((await recentLinkCount(db, user.id, 'confirm')) >= MAX_LINKS_PER_HOUR) return false
  const token = await issueOneTimeToken(db, user.id, 'confirm')
  await addEmail(db, 'confirm', user.id, confirmationEmail({ to: user.email, firstName: user.first_name, link: emailLinks(publicUrl).confirm(token) }))
  return true
}

export const sendPasswordReset: Sender = async (db, publicUrl, user) => {
  if ((await recentLinkCount(db, user.id, 'reset')) >= MAX_LINKS_PER_HOUR) return false
  const token = await issueOneTimeToken(db, user.id, 'reset')
  await addEmail(db, 'reset', user.id, passwordResetEmail({ to: user.email, firstName: user.first_name, link: emailLinks(publicUrl).reset(token) }))
  return true
}

export const sendInvite: Sender = async (db, publicUrl, user) => {
  if ((await recentLinkCount(db, user.id, 'invite')) >= MAX_LINKS_PER_HOUR) return false
  const token = await issueOneTimeToken(db, user.id, 'invite')
  await addEmail(db, 'invite', user.id, inviteEmail({ to: user.email, firstName: user.first_name, link: emailLinks(publicUrl).invite(token) }))
  return true
}
