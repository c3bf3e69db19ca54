/**
 * Just enough MIME to read the e-mails the site sends (nodemailer output): headers with folded
 * lines and RFC 2047 encoded words, multipart bodies, quoted-printable and base64 parts.
 */

/** @param {string} raw */
function splitHead(raw) {
  const at = raw.search(/\r?\n\r?\n/)
  if (at < 0) return { head: raw, body: '' }
  const sep = raw.slice(at).match(/^\r?\n\r?\n/)[0]
  return { head: raw.slice(0, at), body: raw.slice(at + sep.length) }
}

/** @param {string} head @returns {Map<string, string>} lower-cased names; folded lines joined */
function parseHeaders(head) {
  const headers = new Map()
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  return headers
}

/** @param {string} value */
export function decodeWords(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_m, charset, encoding, text) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : qpBytes(text.replace(/_/g, ' '))
      return bytes.toString(/utf-?8/i.test(charset) ? 'utf8' : 'latin1')
    })
}

/** @param {string} text */
function qpBytes(text) {
  const out = []
  const soft = text.replace(/=\r?\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      out.push(parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      out.push(...Buffer.from(ch, 'utf8'))
    }
  }
  return Buffer.from(out)
}

/** @param {string} body @param {string | undefined} encoding */
function decodeBody(body, encoding) {
  const enc = (encoding ?? '7bit').toLowerCase()
  if (enc === 'quoted-printable') return qpBytes(body).toString('utf8')
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  return body
}

/** @param {string} value @param {string} name */
function param(value, name) {
  const m = value.match(new RegExp(`${name}="?([^";]+)"?`, 'i'))
  return m ? m[1] : undefined
}

/** @typedef {{ filename: string, contentType: string, content: string }} Attachment */

/**
 * @param {string} raw
 * @returns {{ text?: string, html?: string, attachments: Attachment[] }}
 */
function bodies(raw) {
  const { head, body } = splitHead(raw)
  const headers = parseHeaders(head)
  const type = headers.get('content-type') ?? 'text/plain'
  if (/^multipart\//i.test(type)) {
    const boundary = param(type, 'boundary')
    if (!boundary) return { attachments: [] }
    const parts = body.split(`--${boundary}`).slice(1)
    /** @type {{ text?: string, html?: string, attachments: Attachment[] }} */
    const found = { attachments: [] }
    for (const part of parts) {
      if (part.startsWith('--')) break
      const inner = bodies(part.replace(/^\r?\n/, ''))
      found.text ??= inner.text
      found.html ??= inner.html
      found.attachments.push(...inner.attachments)
    }
    return found
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'))
  const disposition = headers.get('content-disposition') ?? ''
  if (/^attachment/i.test(disposition)) {
    return { attachments: [{ filename: param(disposition, 'filename') ?? param(type, 'name') ?? '', contentType: type.split(';')[0].trim(), content: decoded }] }
  }
  return /^text\/html/i.test(type) ? { html: decoded, attachments: [] } : { text: decoded, attachments: [] }
}

/**
 * @param {string} raw the message as received over SMTP
 * @returns {{ to: string, from: string, subject: string, text: string, html: string, attachments: Attachment[] }}
 */
export function parseMessage(raw) {
  const { head } = splitHead(raw)
  const headers = parseHeaders(head)
  const { text, html, attachments } = bodies(raw)
  return {
    to: decodeWords(headers.get('to') ?? ''),
    from: decodeWords(headers.get('from') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: text ?? '',
    html: html ?? '',
    attachments,
  }
}
