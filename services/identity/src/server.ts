import { loadConfigOrExit, runServer } from '@hearing/service-kit'
import { buildApp } from './app.js'
import { configSchema } from './config.js'

const config = loadConfigOrExit(configSchema)
const app = await buildApp(config)
await runServer(app, { port: config.PORT, host: config.HOST, metricsPort: config.METRICS_PORT })
