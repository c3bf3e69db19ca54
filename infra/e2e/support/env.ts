/**
 * Where the browser journeys find the stack and its stand-ins for the outside world. Shared by
 * playwright.config.ts (which starts them) and the tests (which read them); all derived from
 * E2E_PORT so two runs on different ports do not collide.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8199)
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`

export const MOCK_SMTP_PORT = E2E_PORT + 1000
export const MOCK_OIDC_PORT = E2E_PORT + 1001
export const MOCK_CONTROL_PORT = E2E_PORT + 1002
export const MOCK_CONTROL_URL = `http://127.0.0.1:${MOCK_CONTROL_PORT}`
export const MOCK_OIDC_URL = `http://127.0.0.1:${MOCK_OIDC_PORT}`

/** The first admin, created by the launcher's bootstrap step from these. */
export const ADMIN_EMAIL = 'e2e.admin@example.com'
export const ADMIN_PASSWORD = 'Calm-Harbor-Lantern-2026'

export const GOOGLE_CLIENT_ID = 'e2e-google-client'
export const GOOGLE_CLIENT_SECRET = 'e2e-google-client-secret'
