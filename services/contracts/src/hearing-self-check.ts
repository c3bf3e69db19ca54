// The hearing self-check's instrument and scoring. No zod here: the SPA scores in the browser with
// it, and a schema would bring the validator with it (the request/response schemas are in
// hearing-self-check-schema.ts, for the services).

/**
 * The Hearing Handicap Inventory for the Elderly, Screening version (HHIE-S; Ventry & Weinstein,
 * 1983): ten questions, each answered yes, sometimes or no, worth 4, 2 and 0 points; the total
 * (0 to 40) falls in one of three published bands. The questions' wording is the site's own
 * (web/src/content/self-check), in the instrument's order.
 */
export const HHIE_S_ANSWERS = ['yes', 'sometimes', 'no'] as const
export type HhieAnswer = (typeof HHIE_S_ANSWERS)[number]

export const HHIE_S_POINTS: Readonly<Record<HhieAnswer, number>> = { yes: 4, sometimes: 2, no: 0 }

/**
 * Whether each question, in order, asks about feelings (emotional: E-1, E-2, E-4, E-7, E-9) or
 * everyday situations (situational: S-3, S-5, S-6, S-8, S-10), as the published form marks them.
 */
export const HHIE_S_SUBSCALES = ['emotional', 'emotional', 'situational', 'emotional', 'situational', 'situational', 'emotional', 'situational', 'emotional', 'situational'] as const
export type HhieSubscale = (typeof HHIE_S_SUBSCALES)[number]

export const HHIE_S_QUESTION_COUNT = HHIE_S_SUBSCALES.length
export const HHIE_S_MAX_SCORE = HHIE_S_QUESTION_COUNT * HHIE_S_POINTS.yes

export const HHIE_S_BAND_NAMES = ['none', 'mild-moderate', 'significant'] as const
export type HhieBand = (typeof HHIE_S_BAND_NAMES)[number]

/** The published bands, lowest first: every total is even, so 9 and 25 never occur. */
export const HHIE_S_BANDS: ReadonlyArray<{ band: HhieBand; min: number; max: number }> = [
  { band: 'none', min: 0, max: 8 },
  { band: 'mild-moderate', min: 10, max: 24 },
  { band: 'significant', min: 26, max: 40 },
]

/** A completed self-check: the ten answers in order, their total and its band. */
export interface HearingSelfCheckResult {
  answers: HhieAnswer[]
  score: number
  band: HhieBand
}

export const isHhieAnswer = (value: unknown): value is HhieAnswer => (HHIE_S_ANSWERS as readonly unknown[]).includes(value)

/** Exactly ten valid answers (what a booking may carry from the self-check page). */
export function isHhieAnswers(value: unknown): value is HhieAnswer[] {
  return Array.isArray(value) && value.length === HHIE_S_QUESTION_COUNT && value.every(isHhieAnswer)
}

/** The band a total falls in: the first whose upper end it does not pass. */
export function hhieBand(score: number): HhieBand {
  return HHIE_S_BANDS.find((b) => score <= b.max)?.band ?? 'significant'
}

/** Scores ten answers; throws on anything else (callers check with isHhieAnswers or the schema first). */
export function scoreHearingSelfCheck(answers: readonly HhieAnswer[]): HearingSelfCheckResult {
  if (!isHhieAnswers(answers)) throw new RangeError(`a hearing self-check has ${HHIE_S_QUESTION_COUNT} answers, each yes, sometimes or no`)
  const score = answers.reduce((total, answer) => total + HHIE_S_POINTS[answer], 0)
  return { answers: [...answers], score, band: hhieBand(score) }
}

/** The points of each subscale (emotional and situational, 0 to 20 each). */
export function hhieSubscaleScores(answers: readonly HhieAnswer[]): Record<HhieSubscale, number> {
  const totals: Record<HhieSubscale, number> = { emotional: 0, situational: 0 }
  answers.forEach((answer, i) => {
    const subscale = HHIE_S_SUBSCALES[i]
    if (subscale) totals[subscale] += HHIE_S_POINTS[answer]
  })
  return totals
}

/** The appointment type the self-check leads to (each clinic's type of this name, SPEC §9). */
export const HEARING_EVALUATION_TYPE = 'Hearing Evaluation'
