import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdir, open } from 'node:fs/promises'
import path from 'node:path'
import type { Readable, Writable } from 'node:stream'

/**
 * A minimal archive of files and folders: for each entry a 4-byte length, a JSON header
 * ({ name, kind, mode, size }) and the file's bytes; an entry of kind 'end' closes it. A file that
 * shrinks while it is read (PostgreSQL keeps writing during an online backup) is padded with zeros
 * to the size announced, and one that vanishes is kept empty: WAL replay on restore repairs both.
 */
interface EntryHeader {
  name: string
  kind: 'file' | 'dir' | 'end'
  mode?: number
  size?: number
}

const CHUNK = 256 * 1024

async function put(out: Writable, data: Buffer): Promise<void> {
  if (!out.write(data)) await once(out, 'drain')
}

async function putHeader(out: Writable, header: EntryHeader): Promise<void> {
  const json = Buffer.from(JSON.stringify(header))
  const length = Buffer.alloc(4)
  length.writeUInt32BE(json.length)
  await put(out, Buffer.concat([length, json]))
}

export class ArchiveWriter {
  constructor(private readonly out: Writable) {}

  async dir(name: string, mode = 0o700): Promise<void> {
    await putHeader(this.out, { name, kind: 'dir', mode })
  }

  async buffer(name: string, data: Buffer, mode = 0o600): Promise<void> {
    await putHeader(this.out, { name, kind: 'file', mode, size: data.length })
    await put(this.out, data)
  }

  /** Copies a file from disk as it is now. */
  async file(name: string, from: string): Promise<void> {
    let handle
    try {
      handle = await open(from, 'r')
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return // removed since it was listed
      throw err
    }
    try {
      const { size, mode } = await handle.stat()
      await putHeader(this.out, { name, kind: 'file', mode: mode & 0o777, size })
      let done = 0
      while (done < size) {
        const buf = Buffer.alloc(Math.min(CHUNK, size - done))
        const { bytesRead } = await handle.read(buf, 0, buf.length, done)
        // Shrunk while being read: the rest is zeros.
        await put(this.out, bytesRead === 0 ? buf : buf.subarray(0, bytesRead))
        done += bytesRead === 0 ? buf.length : bytesRead
      }
    } finally {
      await handle.close()
    }
  }

  async end(): Promise<void> {
    await putHeader(this.out, { name: '', kind: 'end' })
    this.out.end()
    await once(this.out, 'finish')
  }
}

/** Reads exact byte counts from a stream. */
class ByteReader {
  private buffered: Buffer[] = []
  private length = 0
  private readonly iterator: AsyncIterator<Buffer>

  constructor(stream: Readable) {
    this.iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  }

  private async fill(n: number): Promise<void> {
    while (this.length < n) {
      const next = await this.iterator.next()
      if (next.done) throw new Error('the archive ends early')
      this.buffered.push(next.value)
      this.length += next.value.length
    }
  }

  /** Up to `max` bytes (at least one). */
  async some(max: number): Promise<Buffer> {
    await this.fill(1)
    const all = Buffer.concat(this.buffered)
    const taken = all.subarray(0, Math.min(max, all.length))
    this.buffered = [all.subarray(taken.length)]
    this.length = all.length - taken.length
    return taken
  }

  async exactly(n: number): Promise<Buffer> {
    await this.fill(n)
    return this.some(n)
  }
}

/** Writes the archive's entries under `dir`; refuses names that would land outside it. */
export async function extractArchive(stream: Readable, dir: string): Promise<number> {
  const reader = new ByteReader(stream)
  const root = path.resolve(dir)
  let files = 0
  for (;;) {
    const length = (await reader.exactly(4)).readUInt32BE()
    const header = JSON.parse((await reader.exactly(length)).toString()) as EntryHeader
    if (header.kind === 'end') return files
    const target = path.resolve(root, header.name)
    if (target !== root && !target.startsWith(root + path.sep)) throw new Error(`the archive names a path outside its folder: ${header.name}`)
    if (header.kind === 'dir') {
      await mkdir(target, { recursive: true, mode: header.mode })
    } else {
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
      const out = createWriteStream(target, { mode: header.mode })
      for (let left = header.size ?? 0; left > 0; ) {
        const piece = await reader.some(Math.min(left, CHUNK))
        if (!out.write(piece)) await once(out, 'drain')
        left -= piece.length
      }
      out.end()
      await once(out, 'finish')
      files++
    }
  }
}
