import { createDb, verifyAuditChain } from '@hearing/service-kit'
import { withBackupSource } from '../backup/source.js'
import { launcherConfig } from '../launcher/config.js'

/**
 * `npm run audit:verify`: recomputes the audit trail's hash chain (DATABASE_URL, else the embedded
 * database of DATA_DIR) and says whether it is intact; exit status 1 when a record was tampered with.
 */
async function main(): Promise<number> {
  const config = launcherConfig(process.env)
  return withBackupSource(config, async ({ url }) => {
    const db = createDb({ url, schema: 'public', max: 1 })
    try {
      const { checked, problems } = await verifyAuditChain(db)
      if (problems.length === 0) {
        process.stdout.write(`Audit trail intact: ${checked} records, hash chain verified.\n`)
        return 0
      }
      process.stdout.write(`Audit trail BROKEN: ${problems.length} problem(s) in ${checked} records:\n`)
      for (const { seq, problem } of problems) process.stdout.write(`  record ${seq}: ${problem}\n`)
      return 1
    } finally {
      await db.destroy()
    }
  })
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`audit:verify: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(2)
  },
)
