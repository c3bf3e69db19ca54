import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { compileMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'

import { staffRoutes } from '@/config/spa-routes'
import { spanishSeoKeys } from '@/seo/pages'

/**
 * The missing-key check: every catalog under src/i18n/messages has the same keys in English and
 * Spanish, every message is valid ICU MessageFormat, and both languages use the same placeholders.
 * The SEO catalog is Spanish only (the English titles are src/seo/pages.ts): it must cover every
 * route with SEO data but the staff screens.
 */
const root = path.join(import.meta.dirname, 'messages')
const read = (area: string, locale: string) => JSON.parse(readFileSync(path.join(root, area, `${locale}.json`), 'utf8')) as Record<string, string>

/** The placeholder names of a compiled message ({name}, plural/select arguments), sorted. */
function placeholders(message: string): string[] {
  const names = new Set<string>()
  const compiled = compileMessage(message) as unknown[]
  const visit = (parts: unknown[]) => {
    for (const part of parts) {
      if (Array.isArray(part) && typeof part[0] === 'string') {
        names.add(part[0])
        const options = part[2]
        if (options && typeof options === 'object') for (const branch of Object.values(options)) if (Array.isArray(branch)) visit(branch)
      }
    }
  }
  visit(compiled)
  return [...names].sort()
}

const areas = readdirSync(root).filter((area) => area !== 'seo')

describe('message catalogs', () => {
  it.each(areas)('%s: English and Spanish have the same keys and placeholders, all valid ICU', (area) => {
    const en = read(area, 'en')
    const es = read(area, 'es')
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort())
    for (const key of Object.keys(en)) {
      expect(() => compileMessage(en[key]!), `en ${key}`).not.toThrow()
      expect(() => compileMessage(es[key]!), `es ${key}`).not.toThrow()
      expect(placeholders(es[key]!), `placeholders of ${key}`).toEqual(placeholders(en[key]!))
    }
  })

  it('keys are unique across catalogs (all Spanish catalogs load into one store)', () => {
    const seen = new Map<string, string>()
    for (const area of readdirSync(root)) {
      for (const key of Object.keys(read(area, 'es'))) {
        expect(seen.get(key), `${key} in ${area} and ${seen.get(key)}`).toBeUndefined()
        seen.set(key, area)
      }
    }
  })

  it('the Spanish SEO catalog has a title and description for every public and patient page', () => {
    const es = read('seo', 'es')
    for (const name of spanishSeoKeys(staffRoutes)) {
      expect(es[`seo.${name}.description`], `seo.${name}.description`).toBeTypeOf('string')
      if (name !== 'home') expect(es[`seo.${name}.title`], `seo.${name}.title`).toBeTypeOf('string')
    }
    for (const key of ['seo.tagline', 'seo.notFound.title', 'seo.notFound.description', 'seo.default.description']) expect(es[key], key).toBeTypeOf('string')
    for (const [key, message] of Object.entries(es)) expect(() => compileMessage(message), key).not.toThrow()
  })
})
