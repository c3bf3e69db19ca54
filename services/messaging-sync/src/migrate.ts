import { runMigrateCli } from '@hearing/service-kit'
import { SCHEMA } from './app.js'
import { migrations } from './migrations/index.js'
import { seed } from './seed.js'

await runMigrateCli({ schema: SCHEMA, migrations, seed })
