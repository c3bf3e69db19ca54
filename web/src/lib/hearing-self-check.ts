import { HHIE_S_MAX_SCORE, isHhieAnswers, type HearingSelfCheckResult, type HhieAnswer } from '@hearing/contracts'

import { fillTemplate, selfCheckText } from '@/content/self-check'

/**
 * The hearing self-check as other pages meet it: the booking page receives its answers in the
 * router's history state (never in the URL, where server logs and the browser's history would keep
 * them), and staff and the patient read a stored one as one line.
 */

/** History state of the link "Book a hearing evaluation": the answers only (the booking scores them again). */
export interface SelfCheckBookingState {
  hearingSelfCheck: HhieAnswer[]
}

export const selfCheckBookingState = (answers: HhieAnswer[]): SelfCheckBookingState => ({ hearingSelfCheck: answers })

/** The answers a navigation's state carries, if it is ten valid ones (the same array each time, for React). */
export function selfCheckAnswersOf(state: unknown): HhieAnswer[] | null {
  const answers = (state as Partial<SelfCheckBookingState> | null)?.hearingSelfCheck
  return isHhieAnswers(answers) ? answers : null
}

/** "Hearing self-check: 18 / 40 — mild to moderate". */
export function selfCheckSummary(result: Pick<HearingSelfCheckResult, 'score' | 'band'>): string {
  return fillTemplate(selfCheckText().staff.summary, { score: result.score, max: HHIE_S_MAX_SCORE, band: selfCheckText().result.bands[result.band].label })
}
