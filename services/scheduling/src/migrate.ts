import { runMigrateCli } from '@hearing/service-kit'
import { schemaPlan } from './app.js'

await runMigrateCli(schemaPlan)
