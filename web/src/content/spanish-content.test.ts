import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

import { brands } from './brands'
import { legalDocuments, warranty, whatsIncluded, type LegalDocument } from './legal'
import { insurance } from './insurers'
import { practice } from './practice'
import { selfCheckTexts } from './self-check'
import { services } from './services'
import { team } from './team'
import { values } from './values'
import { tips } from './tips'
import { media } from './media'

/**
 * The Spanish copies of content (src/content/<name>/es.json, loaded on Spanish pages by
 * src/i18n/spanish.ts) have the English data's shape: the same fields (an object copy may leave
 * out fields without words), lists of the same length, the same non-text values, every text
 * non-empty and with the English text's {placeholders}.
 */
const english: Record<string, unknown> = {
  'self-check': selfCheckTexts.en,
  practice,
  insurers: insurance,
  services,
  brands,
  team,
  values,
  tips,
  'cognivue-media': { videoDescription: media.cognivueVideo.description, rackTitle: media.rackCard.title, rackSummary: media.rackCard.summary },
  'about-video': { description: media.aboutVideo.description },
  'brand-alts': Object.fromEntries(brands.map((b) => [b.key, 'text'])),
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

function sameShape(es: unknown, en: unknown, where: string, partial = false) {
  if (typeof en === 'string') {
    expect(typeof es, where).toBe('string')
    expect((es as string).trim(), where).not.toBe('')
    expect(placeholders(es as string), `${where} placeholders`).toEqual(placeholders(en))
  } else if (Array.isArray(en)) {
    expect(Array.isArray(es) && es.length, where).toBe(en.length)
    en.forEach((item, i) => sameShape((es as unknown[])[i], item, `${where}[${i}]`))
  } else if (en && typeof en === 'object') {
    expect(es && typeof es === 'object' && !Array.isArray(es), where).toBe(true)
    const esKeys = Object.keys(es as object)
    for (const key of esKeys) expect(Object.keys(en), `${where}.${key} is a field of the English data`).toContain(key)
    if (!partial) expect(esKeys.sort(), where).toEqual(Object.keys(en).sort())
    for (const key of esKeys) sameShape((es as Record<string, unknown>)[key], (en as Record<string, unknown>)[key], `${where}.${key}`)
  } else {
    expect(es, `${where} (not text: the same as in English)`).toEqual(en)
  }
}

const root = import.meta.dirname
const copies = readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => readdirSync(path.join(root, name)).includes('es.json'))

describe('Spanish content copies', () => {
  it('every copy is of known English data', () => {
    for (const name of copies) expect(Object.keys(english), name).toContain(name)
  })

  it.each(copies)('%s/es.json has the English shape', (name) => {
    const es = JSON.parse(readFileSync(path.join(root, name, 'es.json'), 'utf8')) as unknown
    // Objects may hold only the fields with words (src/i18n/i18n.ts inPageLanguage lays them over the English).
    sameShape(es, english[name], name, !Array.isArray(english[name]))
  })
})

/** The legal texts' copies (legal/<page>/es.json): the practice's name is written {practice} there. */
const legalEnglish: Record<string, unknown> = {
  'privacy-policy': legalDocuments.privacyPolicy,
  'return-policy': legalDocuments.returnPolicy,
  'terms-of-service': legalDocuments.termsOfService,
  accessibility: legalDocuments.accessibility,
  warranty,
  'whats-included': whatsIncluded,
}
const readLegal = (name: string) => JSON.parse(readFileSync(path.join(root, 'legal', name, 'es.json'), 'utf8').replaceAll('{practice}', practice.name)) as unknown

describe('Spanish legal texts', () => {
  it('every legal/<page>/es.json is of a known English text', () => {
    expect(readdirSync(path.join(root, 'legal')).sort()).toEqual(Object.keys(legalEnglish).sort())
  })

  it.each(Object.keys(legalEnglish))('legal/%s/es.json has the English shape, section ids and links', (name) => {
    const es = readLegal(name)
    sameShape(es, legalEnglish[name], name, true)
    const en = legalEnglish[name] as Partial<LegalDocument>
    if (!en.sections) return
    const sections = (es as LegalDocument).sections
    expect(sections.map((s) => s.id)).toEqual(en.sections.map((s) => s.id))
    const hrefs = (doc: LegalDocument['sections']) => doc.flatMap((s) => s.blocks.flatMap((b) => (typeof b === 'object' && 'links' in b ? b.links.map((l) => l.href) : [])))
    expect(hrefs(sections)).toEqual(hrefs(en.sections))
  })

  it("the return policy's warranty and What's Included say what the product pages' copies say", () => {
    const returns = readLegal('return-policy') as LegalDocument
    const w = readLegal('warranty') as typeof warranty
    const included = readLegal('whats-included') as typeof whatsIncluded
    const section = (id: string) => returns.sections.find((s) => s.id === id)!
    expect(section('warranty')).toMatchObject({ heading: w.title, blocks: [w.summary, { list: w.terms }] })
    expect(section('whats-included')).toMatchObject({ heading: included.title, blocks: [expect.any(String), { list: included.items }, included.followUpCare] })
  })
})
