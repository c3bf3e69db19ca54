import { HHIE_S_ANSWERS, HHIE_S_BAND_NAMES, HHIE_S_MAX_SCORE, HHIE_S_QUESTION_COUNT, type HearingSelfCheckResult, type HhieAnswer, type HhieBand } from '@hearing/contracts'
import { z } from 'zod'

import { spanishCopy } from '../i18n/i18n.ts'

import { defineContent, text } from './schema.ts'
import en from './self-check/en.json'
import enLinks from './self-check/en.links.json'

const selfCheckInPageLanguage = spanishCopy('self-check')

/**
 * Every text of the hearing self-check, two JSON files per language in self-check/: the page, its
 * result and what the booking form and the staff views say about it (en.json), and what other
 * pages say to lead to it, which every page's bundle carries (the home and cognitive-health
 * invitations, the search result: en.links.json). A Spanish copy is es.json and
 * es.links.json's keys in one es.json beside them (src/i18n/spanish.ts loads it with the Spanish catalogs). The questions are the HHIE-S screening's ten, in its order (their
 * scoring is @hearing/contracts' hearing-self-check.ts). `{name}` marks a value filled in when
 * shown; the schema checks each template keeps its placeholders.
 */

/** Text holding each of the placeholders `{name}` it is filled with. */
const template = (...names: string[]) =>
  text.refine((value) => names.every((name) => value.includes(`{${name}}`)), `must contain ${names.map((n) => `{${n}}`).join(', ')}`)

const byAnswer = <S extends z.ZodType>(schema: S) => z.strictObject(Object.fromEntries(HHIE_S_ANSWERS.map((a) => [a, schema])) as Record<HhieAnswer, S>)
const byBand = <S extends z.ZodType>(schema: S) => z.strictObject(Object.fromEntries(HHIE_S_BAND_NAMES.map((b) => [b, schema])) as Record<HhieBand, S>)

const linksSchema = z.strictObject({
  seo: z.strictObject({ title: text, description: text.refine((d) => d.length >= 50 && d.length <= 230, 'must be 50 to 230 characters (a search result)') }),
  homePromo: z.strictObject({ heading: text, text, link: text }),
  cognivuePromo: z.strictObject({ heading: text, text, link: text }),
})

const pageSchema = z.strictObject({
  intro: z.strictObject({ title: text, lead: text, aboutHeading: text, points: z.array(text).min(1), source: text }),
  answers: byAnswer(text),
  questions: z.array(text).length(HHIE_S_QUESTION_COUNT),
  step: z.strictObject({ progress: template('current', 'total'), next: text, finish: text, back: text, required: text }),
  result: z.strictObject({
    heading: text,
    score: template('score', 'max'),
    scale: template('min', 'max', 'label'),
    scaleHeading: text,
    yourBand: text,
    bands: byBand(z.strictObject({ label: text, title: text, text })),
    meansHeading: text,
    means: text,
    notMeansHeading: text,
    notMeans: z.array(text).min(1),
    urgent: text,
    book: text,
    bookHint: text,
    review: text,
    restart: text,
    yourAnswers: text,
    privacy: text,
  }),
  booking: z.strictObject({ notice: template('score', 'max', 'band'), include: text, notes: template('score', 'max', 'band') }),
  staff: z.strictObject({
    summary: template('score', 'max', 'band'),
    answers: text,
    subscales: template('emotional', 'situational', 'half'),
    subscaleNames: z.strictObject({ emotional: text, situational: text }),
  }),
})

export type SelfCheckText = z.infer<typeof pageSchema> & z.infer<typeof linksSchema>

export const selfCheckTexts: Record<'en', SelfCheckText> = {
  en: { ...defineContent('self-check/en.json', pageSchema, en), ...defineContent('self-check/en.links.json', linksSchema, enLinks) },
}

/**
 * The copy in the page's language: self-check/es.json (page and links in one file, loaded with the
 * Spanish catalogs) on Spanish pages, the English files otherwise. A function, so that a page
 * reads it when it renders (the pre-rendering renders both languages from the same modules).
 */
export const selfCheckText = (): SelfCheckText => selfCheckInPageLanguage(selfCheckTexts.en)

/** A template with its `{name}` placeholders filled in. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}

/** The values a result's texts are filled with: "18", "40", "mild to moderate". */
export function selfCheckWords(result: Pick<HearingSelfCheckResult, 'score' | 'band'>): Record<string, string | number> {
  return { score: result.score, max: HHIE_S_MAX_SCORE, band: selfCheckText().result.bands[result.band].label }
}

/** "Hearing self-check: 18 / 40 — mild to moderate": a stored self-check as staff and the patient read it. */
export function selfCheckSummary(result: Pick<HearingSelfCheckResult, 'score' | 'band'>): string {
  return fillTemplate(selfCheckText().staff.summary, selfCheckWords(result))
}
