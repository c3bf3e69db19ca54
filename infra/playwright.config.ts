import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

/**
 * Journeys through the whole stack, started exactly as `npm start` starts it (fresh data directory),
 * in Debian's Chromium: browsers cannot be downloaded here.
 */
const PORT = Number(process.env.E2E_PORT ?? 8199)
const DATA_DIR = path.join(tmpdir(), `hc-e2e-data-${PORT}`)

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && node infra/dist/launcher/main.js`,
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { PORT: String(PORT), DATA_DIR, LOG_LEVEL: 'warn' },
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
})
