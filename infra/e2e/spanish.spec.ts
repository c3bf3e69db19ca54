import type { Page } from '@playwright/test'

import { createPatient, postAsked, signInWithForm, uniqueEmail, uniqueLetters } from './support/accounts.js'
import { expect, test } from './support/hydrated.js'
import { linkIn, waitForEmail } from './support/mailbox.js'
import { openWeekdays } from './support/open-days.js'
import { DESKTOP_AND_PHONE, expectNoAxeViolations } from './support/axe.js'

/**
 * The site in Spanish: the patient's journeys under /es — contact, booking, sign-up with
 * its confirmation e-mail, checkout — in Spanish from start to confirmation page; the head the
 * server sends (lang, hreflang, Spanish title); the language switch keeping the page. Every Spanish
 * route's lang, axe scans and widths: routes.spec.ts.
 */
test.describe.configure({ timeout: 120_000 })

const axe = (page: Page, what: string) => expectNoAxeViolations(page, what)

/** A name of letters only, unique to this run (names are checked as names). */

test('the server sends Spanish pages in Spanish: <html lang="es">, Spanish title, hreflang alternates; English pages never load the Spanish catalog', async ({ page, request }) => {
  const html = await (await request.get('/es/contact-us')).text()
  expect(html).toContain('<html lang="es">')
  expect(html).toMatch(/<title>Contáctenos \| [^<]+<\/title>/)
  expect(html).toMatch(/<link rel="alternate" hreflang="en" href="http[^"]+\/contact-us"/)
  expect(html).toMatch(/<link rel="alternate" hreflang="es" href="http[^"]+\/es\/contact-us"/)
  expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="http[^"]+\/contact-us"/)
  expect(html).toMatch(/<link rel="canonical" href="http[^"]+\/es\/contact-us"/)

  const english = await (await request.get('/contact-us')).text()
  expect(english).toContain('<html lang="en">')
  expect(english).toMatch(/<title>Contact Us \| [^<]+<\/title>/)

  // Not pre-rendered (a private page) and unknown pages: still Spanish.
  expect(await (await request.get('/es/profile')).text()).toContain('<html lang="es">')
  const missing = await request.get('/es/no-such-page')
  expect(missing.status()).toBe(404)
  expect(await missing.text()).toContain('¡Uy! Página no encontrada')

  const scripts: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url())
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  // The Spanish chunk and the per-page Spanish texts it loads (es-*.js, es.json.lingui-*.js).
  expect(scripts.filter((url) => /\/(spanish|es|es\.json\.lingui)-[^/]+\.js$/.test(url)), 'the Spanish texts are not part of the English pages').toEqual([])
})

test('the language switch keeps the page, says which language it leads to, and works from the keyboard', async ({ page }) => {
  await page.goto('/book-appointment?location=Dawsonville')
  const toSpanish = page.getByRole('link', { name: 'Español' })
  await expect(toSpanish).toHaveAttribute('lang', 'es')
  await expect(toSpanish).toHaveAttribute('hreflang', 'es')
  await toSpanish.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/es\/book-appointment\?location=Dawsonville$/)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expect(page.getByRole('heading', { level: 1, name: 'Pedir una cita' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Contáctenos' })).toHaveAttribute('href', '/es/contact-us')

  const toEnglish = page.getByRole('link', { name: 'English' })
  await expect(toEnglish).toHaveAttribute('lang', 'en')
  await toEnglish.click()
  await expect(page).toHaveURL(/\/book-appointment\?location=Dawsonville$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.getByRole('heading', { level: 1, name: 'Book an Appointment' })).toBeVisible()
})

test('contact in Spanish: the form, its check of the name, and the Spanish confirmation page', async ({ page }) => {
  await page.goto('/es/contact-us')
  await expect(page.getByRole('heading', { level: 1, name: 'Póngase en contacto' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Contáctenos' })
  await form.getByLabel('Nombre').fill('Visite http://phish.example/x')
  await form.getByLabel('Apellido').fill(`Contacto-${uniqueLetters()}`)
  await form.getByLabel('Teléfono').fill('(770) 555-0166')
  await form.getByLabel('Clínica preferida').selectOption({ label: 'Gainesville' })
  await form.getByLabel('Mensaje').fill('Quisiera saber si aceptan mi seguro.')
  await form.getByRole('button', { name: 'Enviar mensaje' }).click()
  await expect(form.getByText('Nombre: solo puede contener letras, espacios, guiones, apóstrofos y puntos.')).toBeVisible()
  await form.getByLabel('Nombre').fill('Rosa')
  await form.getByRole('button', { name: 'Enviar mensaje' }).click()
  await expect(page).toHaveURL(/\/es\/message-success$/)
  await expect(page.getByRole('heading', { name: '¡Mensaje enviado con éxito!' })).toBeVisible()
  await expect(page.getByText('Nuestro equipo le responderá en un plazo de 24 a 48 horas.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/es')
})

test('booking in Spanish: date rules, the missing-information toast, and the Spanish confirmation page', async ({ page, request }) => {
  const [date] = await openWeekdays(request, 3)
  const saturday = new Date(`${date!}T00:00:00Z`)
  while (saturday.getUTCDay() !== 6) saturday.setUTCDate(saturday.getUTCDate() + 1)

  await page.goto('/es/book-appointment?location=Gainesville')
  const form = page.getByRole('form', { name: 'Pedir una cita' })
  await expect(form.getByLabel('Clínica').locator('option:checked')).toHaveText('Gainesville')
  await form.getByLabel('Tipo de cita').selectOption({ label: 'Evaluación auditiva (60 min)' })
  await form.getByLabel('Fecha').fill(saturday.toISOString().slice(0, 10))
  await expect(form.getByText('Elija un día laborable (de lunes a viernes).')).toBeVisible()
  await form.getByLabel('Fecha').fill(date!)
  const time = form.getByLabel('Hora (hora del Este)')
  await expect(time).toBeEnabled()
  // The first time still offered: other journeys book the same first open day.
  await time.selectOption({ index: 1 })

  await form.getByRole('button', { name: 'Pedir cita' }).click()
  await expect(page.getByText('Falta información')).toBeVisible()
  await expect(page.getByText('Complete todos los campos obligatorios.')).toBeVisible()

  await form.getByLabel('Nombre').fill('Ernesto')
  await form.getByLabel('Apellido').fill(`Reserva-${uniqueLetters()}`)
  await form.getByLabel('Correo electrónico').fill(uniqueEmail('reserva'))
  await form.getByLabel('Teléfono').fill('(770) 555-0155')
  await form.getByLabel('Dirección, línea 1').fill('12 Oak Street')
  await form.getByLabel('Ciudad').fill('Gainesville')
  await form.getByLabel('Estado').fill('GA')
  await form.getByLabel('Código postal (ZIP)').fill('30501')
  await axe(page, '/es/book-appointment filled in')
  await form.getByRole('button', { name: 'Pedir cita' }).click()
  await expect(page).toHaveURL(/\/es\/appointment-success$/)
  await expect(page.getByRole('heading', { name: 'Solicitud de cita enviada' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
})

test('sign-up in Spanish: passwords must match, the Spanish check-your-email page, and the confirmation link signs the patient in', async ({ page }) => {
  const email = uniqueEmail('registro')
  const password = 'Sauce-Lantern-Harbor-48'
  await page.goto('/es/auth')
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido' })).toBeVisible()
  await page.getByRole('tab', { name: 'Registrarse' }).click()
  const form = page.getByRole('form', { name: 'Registrarse' })
  await form.getByLabel('Clínica preferida').selectOption({ label: 'Dawsonville' })
  await form.getByLabel('Nombre').fill('Lucía')
  await form.getByLabel('Apellido').fill('Fuentes')
  await form.getByLabel('Correo electrónico').fill(email)
  await form.getByLabel('Teléfono').fill('(706) 555-0144')
  await form.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password)
  await form.getByLabel('Confirme la contraseña').fill(`${password}x`)
  await form.getByRole('button', { name: 'Crear cuenta' }).click()
  await expect(form.getByText('Las contraseñas no coinciden')).toBeVisible()
  await form.getByLabel('Confirme la contraseña').fill(password)
  await form.getByRole('button', { name: 'Crear cuenta' }).click()

  await expect(page).toHaveURL(/\/es\/signup-success$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Revise su correo electrónico' })).toBeVisible()
  await expect(page.getByText(`Hemos enviado un enlace de confirmación a ${email}.`, { exact: false })).toBeVisible()
  // The success toast (its code loads on first use) is on the page before axe reads its colours.
  await expect(page.getByRole('alert').filter({ hasText: 'Registro completado' })).toBeVisible()
  await axe(page, '/es/signup-success')

  const mail = await waitForEmail(email, /./)
  await page.goto(linkIn(mail, '/api/identity/confirm-email'))
  await expect(page.getByRole('button', { name: /^(Account menu|Menú de la cuenta)/ })).toBeVisible({ timeout: 15_000 })
})

test('checkout in Spanish: add to cart, the cart drawer and the order request, all in Spanish', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/es/products/phonak-audeo-lumity-70')
  await expect(page.getByRole('heading', { level: 1, name: 'Phonak Audéo Lumity 70' })).toBeVisible()
  await expect(page.getByText('Aún no disponible en español; se muestra en inglés.').first()).toBeVisible()
  await page.getByRole('button', { name: 'Añadir al carrito' }).click()
  await expect(page.getByText('Añadido al carrito')).toBeVisible()
  await page.getByRole('button', { name: 'Carrito, 1 artículo' }).click()
  const drawer = page.getByRole('dialog', { name: 'Su carrito' })
  await expect(drawer).toContainText('Total (1 artículo)')
  await drawer.getByRole('button', { name: 'Finalizar la compra' }).click()
  const form = drawer.getByRole('form', { name: 'Solicitud de pedido' })
  await form.getByLabel('Nombre').fill('Marta')
  await form.getByLabel('Apellido').fill(`Compra-${uniqueLetters()}`)
  await form.getByLabel('Correo electrónico').fill(uniqueEmail('compra'))
  await form.getByLabel('Teléfono').fill('(770) 555-0133')
  await form.getByLabel('Clínica preferida').selectOption({ index: 1 })
  await axe(page, 'the Spanish cart drawer with the order request')
  await form.getByRole('button', { name: 'Enviar la solicitud de pedido' }).click()
  await expect(page.getByText('Solicitud de pedido enviada')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Carrito, 0 artículos' })).toBeVisible()
})

/** Spanish pages must not show the "shown in English" note of untranslated pages. */
const englishNote = (page: Page) => page.getByText('Aún no disponible en español; se muestra en inglés.')

test('home and the hearing self-check in Spanish: headings, sections, questions, and no English-only note', async ({ page }) => {
  await page.goto('/es')
  await expect(page.getByRole('heading', { level: 1, name: 'Vuelva a conectar con los sonidos de la vida.' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Comprar audífonos' })).toHaveAttribute('href', '/es/products')
  for (const heading of ['Aceptamos la mayoría de los seguros', 'Marcas de audífonos de primera calidad', 'Servicios completos de atención auditiva', '¿Cómo está su audición?', 'Lo que dicen nuestros pacientes']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
  }
  await expect(page.getByRole('heading', { level: 3, name: 'Evaluaciones auditivas' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Aseguradora 1', exact: true })).toBeAttached()
  // The practice's testimonials are English: marked so for screen readers. They load as the
  // reader reaches them (web/src/features/reviews/components/reviews-section.tsx).
  await page.getByRole('heading', { level: 2, name: 'Lo que dicen nuestros pacientes' }).scrollIntoViewIfNeeded()
  await expect(page.locator('blockquote[lang="en"]').first()).toBeAttached()
  await expect(englishNote(page)).toHaveCount(0)

  await page.goto('/es/hearing-self-check')
  await expect(page.getByRole('heading', { level: 1, name: 'Autoevaluación auditiva' })).toBeVisible()
  await expect(page.getByText('¿Un problema de audición le hace sentir avergonzado/a cuando conoce a gente nueva?')).toBeVisible()
  await page.getByRole('button', { name: 'Siguiente pregunta' }).click()
  await expect(page.getByText('Elija sí, a veces o no para continuar.')).toBeVisible()
  await expect(englishNote(page)).toHaveCount(0)
})

test('locations in Spanish: headings, office cards (labels, hours, buttons), providers and the call to action, no English-only note', async ({ page }) => {
  await page.goto('/es/locations')
  await expect(page.getByRole('heading', { level: 1, name: 'Nuestras clínicas' })).toBeVisible()
  const office = page.getByRole('article', { name: 'Gainesville Office' })
  await expect(office.getByText('Dirección', { exact: true })).toBeVisible()
  await expect(office.getByText('Horario', { exact: true })).toBeVisible()
  await expect(office.getByText('lunes-jueves', { exact: true })).toBeVisible()
  // Opening hours in es-US form, on the card and in the footer (English pages keep "9:00 AM-4:00 PM").
  await expect(office.getByText('9:00 a.m.–4:00 p.m.', { exact: true })).toBeVisible()
  await expect(page.getByRole('contentinfo').getByText('9:00 a.m.–4:00 p.m.', { exact: true })).toBeVisible()
  await expect(page.getByText(/\b[AP]M\b/)).toHaveCount(0)
  await expect(office.getByRole('link', { name: 'Programar una cita' })).toHaveAttribute('href', '/es/book-appointment?location=Gainesville')
  await expect(office.getByRole('link', { name: 'Cómo llegar (se abre en una pestaña nueva)' })).toBeVisible()
  for (const heading of ['Nuestros logros', 'Nuestros profesionales', '¿Listo para oír mejor?']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
  }
  await expect(page.getByText('Fundadora y audióloga principal')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Pedir una cita en línea' })).toBeVisible()
  await expect(page.locator('main [lang="en"]'), 'nothing on the page is left in English').toHaveCount(0)
  await expect(englishNote(page)).toHaveCount(0)
})

test('about us in Spanish: story, team cards and their bio dialog, values; the English transcript marked, no English-only note', async ({ page }) => {
  await page.goto('/es/about-us')
  await expect(page.getByRole('heading', { level: 1, name: /^Sobre / })).toBeVisible()
  for (const heading of ['Nuestra historia', 'Conozca a nuestro equipo', 'Nuestros valores']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
  }
  await expect(page.getByRole('heading', { level: 3, name: 'Compasión' })).toBeVisible()
  await page.getByRole('button', { name: 'Leer la biografía completa de Dr. Sarah Mitchell, Au.D.' }).click()
  const bio = page.getByRole('dialog', { name: 'Dr. Sarah Mitchell, Au.D.' })
  await expect(bio).toContainText('Fundadora y audióloga principal')
  await expect(bio).toContainText('obtuvo su doctorado en Audiología')
  await bio.getByRole('button', { name: 'Cerrar' }).first().click()
  await expect(bio).toBeHidden()
  await page.getByText('Leer la transcripción del video (en inglés)').click()
  await expect(page.locator('main p[lang="en"]').first()).toHaveText('Welcome to North Georgia Hearing Care.')
  await expect(englishNote(page)).toHaveCount(0)
})

test('memory health (/es/cognivue) in Spanish: hero, video, tips, rack card; the video\'s English words marked, no English-only note', async ({ page }) => {
  await page.goto('/es/cognivue')
  await expect(page.getByRole('heading', { level: 1, name: 'Cuide la salud de su memoria' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Más información (abre la página de citas en una pestaña nueva)' })).toHaveAttribute('href', '/es/book-appointment')
  for (const heading of ['La audición y la memoria están relacionadas', 'Consejos para reducir su riesgo', 'Proteja su audición, proteja su mente']) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
  }
  await expect(page.getByRole('heading', { level: 3, name: 'Haga ejercicio con regularidad' })).toBeVisible()
  await expect(page.getByText('Textos que aparecen en el video (en inglés)')).toBeVisible()
  await expect(page.locator('main ol[lang="en"]')).toContainText('Memory health matters.')
  await expect(page.getByRole('button', { name: 'Descargar PDF' })).toBeVisible()
  await expect(englishNote(page)).toHaveCount(0)
})

test('account links in Spanish: setup, password reset and cancel pages, their problems and the server errors they show', async ({ page }) => {
  await page.goto('/es/setup-account')
  await expect(page.getByText('Enlace no válido')).toBeVisible()
  await expect(page).toHaveURL(/\/es$/)

  await page.goto('/es/reset-password')
  await expect(page.getByRole('heading', { level: 1, name: 'Elija una nueva contraseña' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('Este enlace para restablecer la contraseña está incompleto.')

  // A 400 from identity, told in Spanish on the page (the server says it in English).
  await page.goto('/es/reset-password?token=not-a-real-token-0000000000000000000000000')
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill('Lantern-Orchard-Sauce-51')
  await page.getByRole('textbox', { name: 'Confirme la nueva contraseña' }).fill('Lantern-Orchard-Sauce-51')
  await page.getByRole('button', { name: 'Guardar la nueva contraseña' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Este enlace para restablecer la contraseña no es válido o ha caducado. Solicite uno nuevo.' })).toBeVisible()
  await expect(page.getByText('invalid or expired')).toHaveCount(0)

  await page.goto('/es/cancel-appointment?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
  await expect(page.getByRole('heading', { level: 1, name: 'Cancelar su cita' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('Este enlace de cancelación no es válido o ha caducado.')
  await expect(page.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/es')
  await expect(englishNote(page)).toHaveCount(0)
})

test('the profile in Spanish: appointments with a Spanish date and time, statuses, the cancel dialog, order requests and "Mis datos"', async ({ page, request }) => {
  const email = uniqueEmail('perfil')
  const password = 'Copper-Meadow-Violin-73'
  await createPatient(request, { first_name: 'Elena', last_name: 'Perfil', email, phone: '(770) 555-0177', password })
  const signIn = await postAsked(request, '/api/identity/sign-in', { data: { email, password } })
  const token = ((await signIn.json()) as { access_token: string }).access_token
  const locations = (await (await request.get('/api/messaging/locations')).json()) as Array<{ uid: string; name: string }>
  const gainesville = locations.find((l) => l.name === 'Gainesville')!
  const types = (await (await request.get(`/api/scheduling/appointment-types?location_uid=${gainesville.uid}`)).json()) as Array<{ id: string; name: string }>
  // A time no other journey takes: a later day, the afternoon (other journeys book the first ones).
  const days = await openWeekdays(request, 8)
  let booked: { starts_at: string } | undefined
  for (const date of days.slice(2)) {
    for (const time of ['14:30', '14:00', '13:30', '11:30']) {
      const res = await request.post('/api/scheduling/bookings', {
        headers: { authorization: `Bearer ${token}` },
        data: { first_name: 'Elena', last_name: 'Perfil', email, phone: '(770) 555-0177', location: gainesville.uid, appointment_type_id: types.find((t) => t.name === 'Consultation')!.id, date, time, address_line1: '5 Pine Road', city: 'Gainesville', state: 'GA', zip_code: '30501', language: 'es' },
      })
      if (res.status() === 201) booked = (await res.json()) as { starts_at: string }
      if (booked) break
    }
    if (booked) break
  }
  expect(booked, 'a free time to book').toBeDefined()

  await signInWithForm(page, email, password, 'es')
  await page.goto('/es/profile')

  const mine = page.getByRole('region', { name: 'Mis citas' })
  await expect(mine.getByRole('heading', { level: 3, name: 'Próximas' })).toBeVisible()
  const card = mine.getByRole('listitem').filter({ hasText: 'Consulta' })
  await expect(card).toContainText('Pendiente')
  // The date and time in Spanish, in the clinic's time: "lunes, 30 de noviembre de 2026, 2:30 p.m. (hora del Este)".
  const day = new Intl.DateTimeFormat('es-US', { day: 'numeric', month: 'long', timeZone: 'America/New_York' }).format(new Date(booked!.starts_at))
  await expect(card).toContainText(day)
  await expect(card).toContainText(/(lunes|martes|miércoles|jueves|viernes), .* (a|p)\.\s?m\. \(hora del Este\)/)
  await expect(card).not.toContainText(/\b(AM|PM)\b|Eastern/)

  await card.getByRole('button', { name: /^Cancelar Consulta del / }).click()
  const dialog = page.getByRole('alertdialog', { name: '¿Cancelar esta cita?' })
  await expect(dialog).toContainText(`Su cita de Consulta en Gainesville del `)
  await axe(page, '/es/profile with the cancel dialog')
  await dialog.getByRole('button', { name: 'Mantener la cita' }).click()

  await expect(page.getByRole('region', { name: 'Mis solicitudes de pedido' })).toContainText('Todavía no tiene solicitudes de pedido.')
  await expect(page.getByRole('region', { name: 'Sus datos' })).toBeVisible()
  await expect(englishNote(page)).toHaveCount(0)

  await page.getByRole('link', { name: 'Ver mis datos' }).click()
  await expect(page).toHaveURL(/\/es\/profile\/my-data$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Mis datos' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Su cuenta' })).toBeVisible()
  await expect(page.getByText(/Esto es todo lo que guardamos sobre usted, reunido el \d+ de [a-z]+ de \d{4}/)).toBeVisible()
})

test('the shop list in Spanish: hero, featured product, carousels and What\'s Included; the store\'s descriptions marked English, no English-only note on the page', async ({ page }) => {
  await page.goto('/es/products')
  await expect(page.getByRole('heading', { level: 1, name: 'Audífonos' })).toBeVisible()
  await expect(page.getByText('Destacado', { exact: true })).toBeVisible()
  const featured = page.getByRole('region', { name: 'Phonak Audéo Sphere Infinio 90' })
  await expect(featured.getByRole('link', { name: 'Pedir cita de adaptación' })).toHaveAttribute('href', /^\/es\/book-appointment\?product=/)
  await expect(featured.getByRole('link', { name: 'Más información sobre el Phonak Audéo Sphere Infinio 90' })).toHaveAttribute('href', /^\/es\/products\//)
  // The store's words (description, features, warranty) are English: marked so, under the note.
  await expect(featured.locator('[lang="en"] p').first()).not.toBeEmpty()
  await expect(featured.getByText('Aún no disponible en español; se muestra en inglés.')).toBeVisible()
  await expect(featured.getByText('Garantía:', { exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Phonak', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Productos siguientes de Phonak' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Qué incluye' })).toBeVisible()
  await expect(page.getByText('Atención de seguimiento: 6 meses de ajustes.')).toBeVisible()
  await expect(page.getByText(/Learn More|Schedule Fitting|Featured|What's Included/)).toHaveCount(0)
  await axe(page, '/es/products with its products')

  // The product page's dialogs now tell the return policy in Spanish.
  await page.goto('/es/products/phonak-audeo-lumity-70')
  await page.getByRole('button', { name: 'Política de devoluciones' }).click()
  const returns = page.getByRole('dialog', { name: 'Política de devoluciones' })
  await expect(returns).toContainText('Se descuenta de su reembolso una tarifa de reposición de $175.')
  await expect(returns.locator('[lang="en"]')).toHaveCount(0)
  await returns.getByRole('button', { name: 'Cerrar' }).click()

  // An answer from the store that says it failed: the Spanish error, with a Spanish Retry.
  await page.route('**/api/catalogue/collections?*', (route) => route.fulfill({ status: 502, json: { statusCode: 502, error: 'Bad Gateway', message: 'Store failed' } }))
  await page.goto('/es/products')
  const panel = page.getByRole('alert').filter({ hasText: 'Problema de conexión' })
  await expect(panel).toContainText('No se pudieron cargar los productos de la tienda.', { timeout: 15_000 })
  await expect(panel.getByRole('button', { name: 'Reintentar' })).toBeVisible()
})

test('the articles in Spanish: tabs, cards and an article\'s own words in Spanish, Spanish month names; the articles\' words marked English', async ({ page }) => {
  await page.goto('/es/resources')
  await expect(page.getByRole('heading', { level: 1, name: 'Recursos de salud auditiva' })).toBeVisible()
  await expect(page.getByText('Nuestros artículos están escritos en inglés.')).toBeVisible()
  const tabs = page.getByRole('tablist', { name: 'Colecciones de artículos' })
  await expect(tabs.getByRole('tab', { name: 'Recursos' })).toHaveAttribute('aria-selected', 'true')
  const card = page.getByRole('tabpanel').getByRole('article').first()
  await expect(card.getByRole('heading', { level: 3 })).toHaveAttribute('lang', 'en')
  await expect(card.locator('time')).toHaveText(/^(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de \d{4}$/)
  await expect(card.getByRole('list', { name: 'Etiquetas' }).getByRole('listitem').first()).toHaveAttribute('lang', 'en')
  await expect(card.getByRole('link', { name: 'Leer el artículo' })).toHaveAttribute('href', /^\/es\/resources\/[a-z0-9-]+$/)
  await axe(page, '/es/resources with its cards')
  await tabs.getByRole('tab', { name: 'Estudios clínicos' }).click()
  await expect(page).toHaveURL(/\/es\/resources\?type=clinical-studies$/)
  await expect(page.getByRole('tabpanel').getByRole('link', { name: 'Leer el artículo' }).first()).toBeVisible()

  await page.goto('/es/resources/hearing-loss-and-falls')
  const article = page.getByRole('article')
  await expect(article.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en')
  await expect(article.locator('time').first()).toHaveText(/^[a-z]+ de \d{4}$/)
  await expect(article.getByText('Aún no disponible en español; se muestra en inglés.')).toBeVisible()
  await expect(article.locator('[lang="en"] [data-article-body]')).not.toBeEmpty()
  await expect(article.getByRole('button', { name: '← Volver a Recursos' })).toHaveCount(2)
  await axe(page, 'a Spanish article page')
  await article.getByRole('button', { name: '← Volver a Recursos' }).first().click()
  await expect(page).toHaveURL(/\/es\/resources$/)

  await page.goto('/es/resources/no-such-article')
  await expect(page.getByRole('heading', { level: 1, name: 'Artículo no encontrado' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Volver a Recursos' })).toHaveAttribute('href', '/es/resources')
})

test('the legal pages in Spanish: title, date, "On this page", sections and contact details, nothing left in English', async ({ page }) => {
  const pages = [
    ['/es/privacy-policy', 'Política de privacidad', 'Información que recogemos'],
    ['/es/return-policy', 'Política de devoluciones', 'Plazo de devolución de 30 días'],
    ['/es/terms-of-service', 'Términos del servicio', 'Ley aplicable'],
    ['/es/accessibility', 'Declaración de accesibilidad', 'Limitaciones conocidas'],
  ] as const
  for (const [path, title, heading] of pages) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByText('Última actualización: 1 de noviembre de 2026')).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'En esta página' }).getByRole('link', { name: heading })).toBeAttached()
    await expect(page).toHaveTitle(new RegExp(`^${title} \\| `))
    await expect(page.locator('main [lang="en"]'), `${path}: nothing on the page is left in English`).toHaveCount(0)
    await expect(englishNote(page)).toHaveCount(0)
  }
  // The practice's name is written in ({practice} in the data), and links stay in Spanish.
  await page.goto('/es/terms-of-service')
  await expect(page.getByText(/\{practice\}/)).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Leer la Política de devoluciones' })).toHaveAttribute('href', '/es/return-policy')
})

test('the Spanish cookie notice has no axe violations, at 1366 and 390 px', async ({ page }) => {
  for (const viewport of DESKTOP_AND_PHONE) {
    await page.setViewportSize(viewport)
    await page.goto('/es/message-success')
    await expect(page.getByTestId('cookie-notice').getByRole('button', { name: 'Aceptar' })).toBeVisible()
    await axe(page, `the Spanish cookie notice at ${viewport.width}px`)
  }
})
