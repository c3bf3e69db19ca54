import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig, devices } from '@playwright/test'

import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BASE_URL,
  E2E_PORT,
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  MOCK_CONTROL_PORT,
  MOCK_CONTROL_URL,
  MOCK_OIDC_PORT,
  MOCK_OIDC_URL,
  MOCK_SMTP_PORT,
} from './e2e/support/env.js'

/**
 * Journeys through the whole stack, started exactly as `npm start` starts it (fresh data directory),
 * in Debian's Chromium (its headless shell, and the full browser where a test needs it): browsers
 * cannot be downloaded here.
 *
 * Two web servers, started in order: first the stand-ins for the outside world (an SMTP sink that
 * receives the site's e-mails, an OpenID provider in Google's place, and a control API the tests
 * read them through: e2e/support/mock-services.mjs), then the stack, configured to use them.
 * (A globalSetup would run only after the web servers are up: too late for the stack to find them.)
 */
const PORT = E2E_PORT
const DATA_DIR = path.join(tmpdir(), `hc-e2e-data-${PORT}`)
const REPO_ROOT = path.resolve(import.meta.dirname, '..')
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell'
const FULL_CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const FULL_BROWSER = /@full-browser/
const launchWith = (executablePath: string) => ({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  // 3 on 2 cores: the journeys wait on the stack and timers as much as they compute. Measured on an
  // idle 2-core machine: 2 workers 463 s (full browser), 3 workers 404 s (full) and 293 s (headless
  // shell), 4 workers 268 s (shell): little more, for more contention on every timing-sensitive journey.
  workers: 3,
  retries: 0,
  // Axe scans and whole journeys take several seconds each; on a busy 2-core machine three times that.
  timeout: 90_000,
  // A clean-clone CI machine runs these at a third of a workstation's speed: a toast that shows after
  // a request through the stack can take more than the default 5 s there.
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: 'off',
  },
  // Debian's headless shell (Playwright's own choice for headless Chromium) for every journey: the
  // full browser's headless mode cost a third more time on 2 cores (404 s against 293 s at 3
  // workers). The full browser only where the shell lacks what is checked (its PDF viewer): tag @full-browser.
  projects: [
    { name: 'chromium', grepInvert: FULL_BROWSER, use: { ...devices['Desktop Chrome'], launchOptions: launchWith(HEADLESS_SHELL) } },
    { name: 'chromium-full', grep: FULL_BROWSER, use: { ...devices['Desktop Chrome'], launchOptions: launchWith(FULL_CHROMIUM) } },
  ],
  webServer: [
    {
      command: 'exec node infra/e2e/support/mock-services.mjs',
      cwd: REPO_ROOT,
      env: {
        MOCK_SMTP_PORT: String(MOCK_SMTP_PORT),
        MOCK_OIDC_PORT: String(MOCK_OIDC_PORT),
        MOCK_CONTROL_PORT: String(MOCK_CONTROL_PORT),
      },
      url: `${MOCK_CONTROL_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      command: `rm -rf ${DATA_DIR} && exec node infra/dist/launcher/main.js`,
      cwd: REPO_ROOT,
      env: {
        PORT: String(PORT),
        DATA_DIR,
        LOG_LEVEL: 'warn',
        // Killed before it stops us (its grace ran out), Playwright would leave this stack running.
        // (`exec` above makes Playwright the launcher's parent.)
        STOP_WITH_PARENT: '1',
        // Every journey comes from 127.0.0.1: the per-address limit would throttle the suite itself.
        RATE_LIMIT_MAX: '100000',
        // ... and so would the cap on booking requests one visitor may hold (the journeys reuse phones too).
        BOOKING_MAX_PENDING_PER_VISITOR: '50',
        BOOKING_MAX_PENDING_PER_DAY: '20',
        // ... and the order requests one address may send in an hour (several journeys send one).
        ORDER_REQUESTS_PER_HOUR: '100',
        // ... and the contact-form messages (a dozen journeys write one).
        CONTACT_MESSAGES_PER_HOUR: '100',
        // The browser reaches the site at 127.0.0.1: links in e-mails and the Origin check must agree.
        PUBLIC_URL: BASE_URL,
        SMTP_URL: `smtp://127.0.0.1:${MOCK_SMTP_PORT}`,
        EMAIL_FROM: 'North Georgia Hearing Care <no-reply@example.com>',
        GOOGLE_CLIENT_ID,
        GOOGLE_CLIENT_SECRET,
        GOOGLE_ISSUER: MOCK_OIDC_URL,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
      },
      url: `${BASE_URL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    },
  ],
})
