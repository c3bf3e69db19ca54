import { reapProcesses } from './stack-pids.js'

/**
 * Run by the launcher's watcher (startReaper in main.ts, a shell that costs next to nothing while
 * it waits) once the launcher is gone without having stopped its stack (kill -9, a crash, the OOM
 * killer): stops every process the launcher recorded in its data directory.
 */
const dataDir = process.argv[2]
if (!dataDir) process.exit(2)
await reapProcesses(dataDir)
