import { isHhieAnswers, type HhieAnswer } from '@hearing/contracts'

/**
 * The hearing self-check as other pages meet it: the booking page receives its answers in the
 * router's history state (never in the URL, where server logs and the browser's history would keep
 * them). The self-check's texts are not imported here (they are in content/self-check.ts, with the
 * one-line summary staff and the patient read): the booking page loads them only for a visitor who
 * comes with answers.
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
