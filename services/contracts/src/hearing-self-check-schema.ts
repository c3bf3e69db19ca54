import { z } from 'zod'
import { HHIE_S_ANSWERS, HHIE_S_BAND_NAMES, HHIE_S_MAX_SCORE, HHIE_S_QUESTION_COUNT } from './hearing-self-check.js'

const answer = z.enum(HHIE_S_ANSWERS, { error: `must be one of ${HHIE_S_ANSWERS.join(', ')}` })

/**
 * What a booking carries from the self-check (POST /api/scheduling/bookings): the answers only.
 * The service scores them itself; a score sent by the client is an unknown field (400).
 */
export const hearingSelfCheckAnswers = z.strictObject({
  answers: z.array(answer).length(HHIE_S_QUESTION_COUNT, `must be the ${HHIE_S_QUESTION_COUNT} answers, in order`),
})

/** A stored self-check as staff and the patient read it with the appointment. */
export const hearingSelfCheckResult = z.object({
  answers: z.array(answer).length(HHIE_S_QUESTION_COUNT),
  score: z.number().int().min(0).max(HHIE_S_MAX_SCORE),
  band: z.enum(HHIE_S_BAND_NAMES),
})
