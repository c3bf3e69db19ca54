import { expect, type APIRequestContext, type Page } from '@playwright/test'

import { ADMIN_EMAIL, ADMIN_PASSWORD } from './env.js'

/** A fresh address per call, so journeys never collide (tests run in parallel and share the stack). */
/** A unique run of letters for a name (forms take letters only in names an e-mail greets by). */
export function uniqueLetters(): string {
  return Date.now().toString(36).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)
}

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`
}

/** An access token of the bootstrap admin, for setting up data through the API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await postAsked(request, '/api/identity/sign-in', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { access_token: string }).access_token
}

export interface NewPatient {
  first_name: string
  last_name: string
  email: string
  phone?: string
  /** With it: a confirmed account with this password. Without: an invite e-mail. */
  password?: string
}

/**
 * A POST that does what a 503 asks (come back after Retry-After): on a loaded machine identity may
 * have no free database connection or password-hashing slot for a moment, its documented answer.
 */
export async function postAsked(request: APIRequestContext, url: string, options: Parameters<APIRequestContext['post']>[1]) {
  for (let attempt = 1; ; attempt++) {
    const res = await request.post(url, options)
    if (res.status() !== 503 || attempt === 5) return res
    await new Promise((resolve) => setTimeout(resolve, 1000 * Number(res.headers()['retry-after'] ?? 1)))
  }
}

/** POST /api/identity/admin/patients as the admin. */
export async function createPatient(request: APIRequestContext, patient: NewPatient): Promise<{ id: string; email: string }> {
  const token = await adminToken(request)
  const res = await postAsked(request, '/api/identity/admin/patients', { data: patient, headers: { authorization: `Bearer ${token}` } })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: string; email: string }
}

/**
 * How long a step that hashes a password (sign-in, a new password) may take: a hash is 0.25 s on an
 * idle machine, seconds on a busy one, and the site asks again after each 503 the hasher sends.
 */
export const PASSWORD_STEP_TIMEOUT = 30_000

/** The sign-in form's words in each language of the site. */
const SIGN_IN_FORM = {
  en: { page: '/auth', form: 'Sign in', email: 'Email', password: 'Password', button: 'Sign In' },
  es: { page: '/es/auth', form: 'Iniciar sesión', email: 'Correo electrónico', password: 'Contraseña', button: 'Iniciar sesión' },
}

/** Signs in through the /auth page (/es/auth in Spanish) and waits for the redirect away from it. */
export async function signInWithForm(page: Page, email: string, password: string, language: 'en' | 'es' = 'en', site = '') {
  const words = SIGN_IN_FORM[language]
  // `site`: the origin of a stack of a spec's own (the shared one is the page's base URL).
  await page.goto(`${site}${words.page}`)
  const form = page.getByRole('form', { name: words.form })
  await form.getByLabel(words.email).fill(email)
  await form.getByRole('textbox', { name: words.password, exact: true }).fill(password)
  await form.getByRole('button', { name: words.button }).click()
  await expect(page).not.toHaveURL(/\/auth/, { timeout: PASSWORD_STEP_TIMEOUT })
}

/** The header's account menu (desktop header). */
export const accountMenuButton = (page: Page) => page.getByRole('button', { name: /^Account menu/ })

/**
 * Opens the account menu and returns its menu. The page may still be hydrating (a pre-rendered page
 * after a redirect): a click React has not attached to yet does nothing, so wait for the app, and
 * click again if the menu did not open.
 */
export async function openAccountMenu(page: Page) {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  const menu = page.getByRole('menu')
  await expect(async () => {
    if (!(await menu.isVisible())) await accountMenuButton(page).click()
    await expect(menu).toBeVisible({ timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  return menu
}

/**
 * Opens the account menu and chooses an item. The header re-renders while the session settles (a
 * token refresh shows its placeholder for a moment, and the menu comes back closed), so an item can
 * be detached under the pointer: open the menu and choose again until a click lands, each attempt
 * short, rather than wait the whole test's time on an item that is gone.
 */
export async function chooseFromAccountMenu(page: Page, item: string) {
  await expect(async () => {
    const menu = await openAccountMenu(page)
    await menu.getByRole('menuitem', { name: item }).click({ timeout: 3_000 })
  }).toPass({ timeout: 30_000 })
}
