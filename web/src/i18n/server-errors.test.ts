import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { ApiError, api, type ErrorWords } from '@/lib/api-client'
import { stubNetwork } from '@/testing/network'

import { activateLocale, inPageLanguage } from './i18n'
import english from './messages/errors/en.json?raw'
import { loadDeclaredSpanish } from './spanish'

/** Every .ts file under the services' src folders (and the shared contracts). */
function serviceSources(): string {
  const root = path.resolve(import.meta.dirname, '../../../services')
  let all = ''
  for (const service of readdirSync(root)) {
    const src = path.join(root, service, 'src')
    let files: string[] = []
    try {
      files = readdirSync(src, { recursive: true }).map(String)
    } catch {
      continue
    }
    for (const file of files.filter((f) => f.endsWith('.ts'))) all += readFileSync(path.join(src, file), 'utf8')
  }
  return all
}

describe('server errors on Spanish pages', () => {
  beforeAll(async () => {
    await loadDeclaredSpanish({ every: true })
    activateLocale('es')
  })
  afterAll(() => activateLocale('en'))

  const errorInPageLanguage: ErrorWords = (...args) => inPageLanguage<ErrorWords>('error-words', (_s, _b, english) => english)(...args)
  const said = (status: number, message: string) => errorInPageLanguage(status, { statusCode: status, error: 'x', message }, message)

  it('a sentence a service says is told in Spanish, with its values', () => {
    expect(said(409, 'An account with this email already exists. Please try signing in instead.')).toBe('Ya existe una cuenta con este correo electrónico. Intente iniciar sesión.')
    expect(said(400, 'Password must be at least 8 characters long.')).toBe('La contraseña debe tener al menos 8 caracteres.')
    expect(said(409, 'This appointment cannot be cancelled: it is confirmed and has already started.')).toBe('Esta cita no se puede cancelar: está confirmada y ya ha comenzado.')
    expect(said(409, 'You already have 3 appointment requests at this clinic on that day. To book more that day, please call our Gainesville clinic on (770) 555-0100.')).toBe(
      'Ya tiene 3 solicitudes de cita en esta clínica para ese día. Para pedir más citas ese día, llame a nuestra clínica de Gainesville al (770) 555-0100.',
    )
  })

  it('field problems get the field in Spanish, each problem translated or said to be not valid', () => {
    expect(said(400, 'body.phone: must be a valid US phone number; body.first_name: is required')).toBe(
      'Teléfono: debe ser un número de teléfono válido de EE. UU.; Nombre: es obligatorio',
    )
    expect(said(400, 'date: must be at least 3 days from today')).toBe('Fecha: debe ser al menos 3 días después de hoy')
    expect(said(400, 'body.address.zip_code: Invalid string: must match pattern /^\\d{5}$/')).toBe('Código postal (ZIP): no es válido')
  })

  it('anything else is a Spanish sentence for its status, never the English', () => {
    expect(said(400, 'body: unknown field(s) admin')).toBe('Algunos datos no se pudieron aceptar. Revíselos e inténtelo de nuevo.')
    expect(said(418, 'I am a teapot')).toBe('No se pudo completar la solicitud (error 418).')
    expect(errorInPageLanguage(500, { message: 'Something went wrong on our side. Please try again later.' }, 'Our server is having trouble right now. Please try again in a moment.')).toBe(
      'Nuestro servidor tiene problemas en este momento. Inténtelo de nuevo en unos instantes.',
    )
    expect(errorInPageLanguage(0, undefined, 'Could not reach the server. Please check your connection and try again.')).toBe(
      'No se pudo conectar con el servidor. Compruebe su conexión e inténtelo de nuevo.',
    )
  })

  it('the API client throws errors in the page language, keeping the English words for code', async () => {
    stubNetwork(() => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: 'No such appointment.' } }))
    try {
      const error = await api.get('/scheduling/me/appointments').catch((e: unknown) => e)
      expect(error).toBeInstanceOf(ApiError)
      expect((error as ApiError).message).toBe('No existe esa cita.')
      expect((error as ApiError).englishMessage).toBe('No such appointment.')
    } finally {
      vi.unstubAllGlobals()
    }
  })
})

describe('the English sentences the Spanish ones are matched by', () => {
  const sources = serviceSources()
  const sentences = Object.entries(JSON.parse(english) as Record<string, string>).filter(([key]) => !/^error\.(label|field|status|network|tooMany|server|\d{3})/.test(key))

  it.each(sentences)('%s is still said by a service', (_key, message) => {
    // The literal stretches between the {placeholders} and punctuation (services build some sentences from parts).
    for (const part of message.split(/\{\w+\}|[.;,:] /).map((p) => p.trim().replace(/\.$/, '')).filter((p) => p.length >= 4)) expect(sources.includes(part), `"${part}" in services/*/src`).toBe(true)
  })
})
