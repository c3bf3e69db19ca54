import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream, openSync, readSync, closeSync, statSync } from 'node:fs'
import { Transform, Writable, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * The file a backup is: a short header, then the archive encrypted with AES-256-GCM, then GCM's
 * 16-byte tag. The header (magic, kind, nonce) is authenticated too, so a file that was changed
 * anywhere, or is read with another key, is refused.
 */
const MAGIC = Buffer.from('HCBACKUP', 'ascii')
const IV_BYTES = 12
const TAG_BYTES = 16
export const HEADER_BYTES = MAGIC.length + 1 + IV_BYTES

/** What the encrypted archive holds: a copy of the embedded cluster, or pg_dump's custom format. */
export type BackupKind = 'cluster' | 'pg_dump'
const KIND_BYTE: Record<BackupKind, number> = { cluster: 1, pg_dump: 2 }

/** The AES key, derived from the backup secret (BACKUP_KEY, or the one generated into DATA_DIR). */
export function backupKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'hearing-care-backup', 'aes-256-gcm v1', 32))
}

/** Encrypts `source` into `file` (written whole or not at all: the caller writes to a temporary name). */
export async function writeEncrypted(source: Readable, file: string, key: Buffer, kind: BackupKind): Promise<void> {
  const iv = randomBytes(IV_BYTES)
  const header = Buffer.concat([MAGIC, Buffer.from([KIND_BYTE[kind]]), iv])
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(header)
  const out = createWriteStream(file, { mode: 0o600 })
  out.write(header)
  await pipeline(source, cipher, out, { end: false })
  await new Promise<void>((resolve, reject) => out.end(cipher.getAuthTag(), () => resolve()).once('error', reject))
}

function readHeader(file: string): { kind: BackupKind; header: Buffer; iv: Buffer; size: number } {
  const size = statSync(file).size
  const header = Buffer.alloc(HEADER_BYTES)
  const fd = openSync(file, 'r')
  try {
    readSync(fd, header, 0, HEADER_BYTES, 0)
  } finally {
    closeSync(fd)
  }
  const kind = (Object.keys(KIND_BYTE) as BackupKind[]).find((k) => KIND_BYTE[k] === header[MAGIC.length])
  if (size < HEADER_BYTES + TAG_BYTES || !header.subarray(0, MAGIC.length).equals(MAGIC) || !kind) {
    throw new Error(`${file} is not a backup of this product`)
  }
  return { kind, header, iv: header.subarray(MAGIC.length + 1), size }
}

/**
 * The decrypted archive as a stream, and its kind. GCM checks its tag only at the very end, so the
 * stream fails there if the file was tampered with: call verifyBackup first before acting on it.
 */
export function openEncrypted(file: string, key: Buffer): { kind: BackupKind; stream: Readable } {
  const { kind, header, iv, size } = readHeader(file)
  const tagStart = size - TAG_BYTES
  const tag = Buffer.alloc(TAG_BYTES)
  const fd = openSync(file, 'r')
  try {
    readSync(fd, tag, 0, TAG_BYTES, tagStart)
  } finally {
    closeSync(fd)
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv)
  decipher.setAAD(header)
  decipher.setAuthTag(tag)
  const body = createReadStream(file, { start: HEADER_BYTES, end: tagStart - 1 })
  // An empty range still reads nothing; the decipher's final() then checks the tag.
  const refuse = new Transform({
    transform: (chunk, _enc, done) => done(null, chunk),
  })
  body.on('error', (err) => refuse.destroy(err))
  decipher.on('error', () => refuse.destroy(new Error(`${file} could not be decrypted: it was changed, or the backup key is not the one it was made with`)))
  return { kind, stream: body.pipe(decipher).pipe(refuse) }
}

/** Reads the whole file once and checks its tag: throws, having written nothing, if it fails. */
export async function verifyBackup(file: string, key: Buffer): Promise<BackupKind> {
  const { kind, stream } = openEncrypted(file, key)
  await pipeline(stream, new Writable({ write: (_chunk, _enc, done) => done() }))
  return kind
}
