import { scoreHearingSelfCheck, type HearingSelfCheckResult, type HhieAnswer } from '@hearing/contracts'
import { useEffect, useState } from 'react'

import { withSpanish } from '@/i18n/i18n'

type SelfCheckContent = Pick<typeof import('@/content/self-check'), 'fillTemplate' | 'selfCheckText' | 'selfCheckWords'>

/** What the booking form says of the hearing self-check a visitor came from, its texts filled in. */
export interface SelfCheckForBooking {
  result: HearingSelfCheckResult
  /** The summary that goes into the notes. */
  notes: string
  /** Above the form: the result, and that it can go with the request. */
  notice: string
  /** The checkbox that sends the answers along. */
  include: string
}

export function selfCheckForBooking(result: HearingSelfCheckResult, { fillTemplate, selfCheckText, selfCheckWords }: SelfCheckContent): SelfCheckForBooking {
  const texts = selfCheckText()
  const words = selfCheckWords(result)
  return { result, notes: fillTemplate(texts.booking.notes, words), notice: fillTemplate(texts.booking.notice, words), include: texts.booking.include }
}

/**
 * The self-check for the booking form, from the answers the visitor came with (null without any).
 * The self-check's texts load only then: few visitors come from it, and they were ~3 KB of every
 * booking page's scripts.
 */
export function useSelfCheckForBooking(answers: HhieAnswer[] | null): SelfCheckForBooking | null {
  const [loaded, setLoaded] = useState<{ answers: HhieAnswer[]; selfCheck: SelfCheckForBooking } | null>(null)
  useEffect(() => {
    if (!answers) return undefined
    let current = true
    withSpanish(import('@/content/self-check'))
      .then((content) => {
        if (current) setLoaded({ answers, selfCheck: selfCheckForBooking(scoreHearingSelfCheck(answers), content) })
      })
      // Not loaded (a deploy replaced the chunk, the network went): the form works without it.
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [answers])
  return answers && loaded?.answers === answers ? loaded.selfCheck : null
}
