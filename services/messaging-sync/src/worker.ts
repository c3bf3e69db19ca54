import { loadConfigOrExit, runServer } from '@hearing/service-kit'
import { buildApp } from './app.js'
import { configSchema } from './config.js'

// The queue workers alone (Kubernetes' messaging-sync-worker): they scale apart from the API.
// Health and readiness on PORT for the probes, /metrics on METRICS_PORT; no public routes.
const config = loadConfigOrExit(configSchema)
const app = await buildApp(config, { role: 'worker' })
await runServer(app, { port: config.PORT, host: config.HOST, metricsPort: config.METRICS_PORT })
