import { readdir } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import type { ArchiveWriter } from './archive.js'

/**
 * What an online copy of a PostgreSQL cluster leaves out (as pg_basebackup does): files of the
 * running server only, and folders whose contents are rebuilt at start. The folders themselves
 * are kept. WAL is added after the copy, from the backup's own start on.
 */
const SKIP_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'pg_internal.init', 'backup_label', 'tablespace_map', 'current_logfiles'])
const EMPTY_DIRS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans'])

async function copyTree(archive: ArchiveWriter, from: string, name: string, top: boolean): Promise<void> {
  await archive.dir(name)
  let entries
  try {
    entries = await readdir(from, { withFileTypes: true })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return // a folder dropped meanwhile
    throw err
  }
  for (const entry of entries) {
    const source = path.join(from, entry.name)
    const target = `${name}/${entry.name}`
    if (entry.isDirectory()) {
      if (top && EMPTY_DIRS.has(entry.name)) await archive.dir(target)
      else await copyTree(archive, source, target, false)
    } else if (entry.isFile() && !SKIP_FILES.has(entry.name) && !entry.name.startsWith('pgsql_tmp')) {
      await archive.file(target, source)
    }
  }
}

/**
 * A consistent copy of a running cluster with PostgreSQL's own low-level backup API
 * (pg_backup_start / pg_backup_stop), through a superuser connection: the data files as they are,
 * the backup label, and every WAL segment from the backup's start, which a temporary replication
 * slot keeps from being recycled meanwhile. On restore, PostgreSQL replays that WAL up to the
 * backup's end: the state of the moment pg_backup_stop ran.
 */
export async function copyCluster(databaseUrl: string, clusterDir: string, archive: ArchiveWriter, as: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const slot = `hc_backup_${process.pid}`
    await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot])
    const start = await client.query<{ wal: string }>('SELECT pg_walfile_name(pg_backup_start($1, true)) AS wal', [`hearing-care ${new Date().toISOString()}`])
    let stopped = false
    try {
      await copyTree(archive, clusterDir, as, true)
      const { rows } = await client.query<{ labelfile: string; spcmapfile: string; wal: string }>('SELECT labelfile, spcmapfile, pg_walfile_name(lsn) AS wal FROM pg_backup_stop(false)')
      stopped = true
      await archive.buffer(`${as}/backup_label`, Buffer.from(rows[0]!.labelfile))
      if (rows[0]!.spcmapfile) await archive.buffer(`${as}/tablespace_map`, Buffer.from(rows[0]!.spcmapfile))
      await archive.dir(`${as}/pg_wal/archive_status`)
      // The WAL from the backup's start to its end (segment names sort in WAL order), and the
      // timeline history files; not the recycled segments waiting for reuse.
      const [first, last] = [start.rows[0]!.wal, rows[0]!.wal]
      const names = (await readdir(path.join(clusterDir, 'pg_wal'), { withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name)
      const wal = names.filter((n) => n.endsWith('.history') || (/^[0-9A-F]{24}$/.test(n) && n >= first && n <= last)).sort()
      for (const segment of wal) await archive.file(`${as}/pg_wal/${segment}`, path.join(clusterDir, 'pg_wal', segment))
    } finally {
      if (!stopped) await client.query('SELECT pg_backup_stop(false)').catch(() => {})
    }
  } finally {
    await client.end() // the temporary slot goes with the session
  }
}
