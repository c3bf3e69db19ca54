// One of two processes taking this folder's test files in turn (infra/src/testing/suite.ts).
import { runTestFiles } from '@hearing/infra/testing'
await runTestFiles(import.meta.dirname)
