import { mkdirSync } from 'node:fs'
import { setPriority } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../net.js'
import { startChild } from './child.js'
import { startInboxGuard } from './inbox-guard.js'
import { REPO_ROOT } from './paths.js'
import type { SupervisedProcess } from './supervisor.js'

export interface MailCatcher {
  /** The catcher's process, for the launcher's supervisor (restarted like the services). */
  process: SupervisedProcess
  /** Where messaging-sync sends its e-mails (its SMTP_URL). */
  smtpUrl: string
  /** The web inbox a person reads them in (user INBOX_USER, the password given). */
  inboxUrl: string
  /** The inbox's password, for the banner. */
  password: string
  /** Stops the inbox's guard (the catcher itself is the supervisor's). */
  close: () => Promise<void>
}

/** The inbox's user name; its password is the stack's `mail-inbox-password`. */
export const INBOX_USER = 'inbox'

/** The mails kept (oldest dropped first), so a long-running stack's catcher does not grow for ever. */
const KEEP_EMAILS = 500

/** Like `nice -n 10`: it yields the processor to the site's processes while they all boot. */
const CATCHER_NICENESS = 10

/**
 * With no SMTP_URL, e-mails go to a local catcher (MailDev) with a web inbox instead of nowhere, so
 * whoever runs the stack can read the confirmation and reset links. Both its SMTP server and its
 * inbox listen on 127.0.0.1 only; the mails are kept under DATA_DIR/mail across restarts. The inbox
 * asks for a password (MailDev's basic auth) and is reached through a guard (inbox-guard.ts) that
 * refuses other origins and host names.
 */
export async function mailCatcher(dataDir: string, logDir: string, say: (line: string) => void, password: string): Promise<MailCatcher> {
  const [smtpPort, webPort, guardPort] = [await freePort(), await freePort(), await freePort()]
  const mailDir = path.join(dataDir, 'mail')
  mkdirSync(mailDir, { recursive: true, mode: 0o700 })
  // maildev's package exports its library only: its command line is bin/maildev.js beside it.
  const packageDir = path.dirname(path.dirname(fileURLToPath(import.meta.resolve('maildev'))))
  const env = {
    PATH: process.env.PATH,
    MAILDEV_SMTP_PORT: String(smtpPort),
    MAILDEV_IP: '127.0.0.1',
    MAILDEV_WEB_PORT: String(webPort),
    MAILDEV_WEB_IP: '127.0.0.1',
    MAILDEV_MAIL_DIRECTORY: mailDir,
    MAILDEV_MAX_EMAILS: String(KEEP_EMAILS),
    MAILDEV_SILENT: 'true',
    MAILDEV_WEB_USER: INBOX_USER,
    MAILDEV_WEB_PASS: password,
    // A small heap is plenty for a local inbox: about 35 MiB less resident memory.
    NODE_OPTIONS: '--max-semi-space-size=1 --max-old-space-size=96',
  }
  const spec = { name: 'mail-catcher', dir: path.relative(REPO_ROOT, packageDir) }
  const guard = await startInboxGuard(guardPort, webPort)
  const start = () => {
    const child = startChild(spec, 'bin/maildev.js', env, logDir, say)
    // It boots alongside the services (about a second of CPU of its own) but nobody waits for it:
    // they get the processor first. messaging-sync keeps each e-mail and retries until SMTP answers.
    try {
      if (child.process.pid) setPriority(child.process.pid, CATCHER_NICENESS)
    } catch {
      // already gone: the supervisor starts it again
    }
    return child
  }
  return {
    process: { name: spec.name, start, readyUrl: `http://127.0.0.1:${webPort}/api/healthz` },
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    inboxUrl: guard.url,
    password,
    close: guard.close,
  }
}
