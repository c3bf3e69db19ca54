/** A count allowed per window of time. */
export interface WindowRule {
  /** Hits allowed per window... */
  limit: number
  /** ...of this many seconds (the window starts at its first hit). */
  windowSeconds: number
}

/**
 * E-mails a visitor's request sends to the address typed in the form (order receipts), per
 * recipient: a person asks a couple of times a day at most; beyond that the request still goes
 * through, without another e-mail. Counted where the e-mails are recorded (PostgreSQL).
 */
export const VISITOR_MAIL_PER_RECIPIENT: WindowRule = { limit: 2, windowSeconds: 24 * 3600 }

/** "about 42 minutes", "about 3 hours": a wait as a person reads it. */
export function waitInWords(seconds: number): string {
  if (seconds < 90) return 'a minute'
  if (seconds < 90 * 60) return `about ${Math.round(seconds / 60)} minutes`
  return `about ${Math.round(seconds / 3600)} hours`
}
