import { HHIE_S_MAX_SCORE, hhieSubscaleScores, isHhieAnswers, scoreHearingSelfCheck, type HhieAnswer } from '@hearing/contracts'
import { describe, expect, it } from 'vitest'

import { selfCheckSummary, selfCheckText } from '@/content/self-check'
import { selfCheckAnswersOf } from '@/lib/hearing-self-check'

/** `yes` answers, then `sometimes` ones, the rest no: 4 points per yes, 2 per sometimes. */
const answers = (yes: number, sometimes = 0): HhieAnswer[] => [...Array<HhieAnswer>(yes).fill('yes'), ...Array<HhieAnswer>(sometimes).fill('sometimes'), ...Array<HhieAnswer>(10 - yes - sometimes).fill('no')]

describe('the hearing self-check’s scoring (HHIE-S: yes 4, sometimes 2, no 0)', () => {
  it.each([
    ['all no', answers(0), 0, 'none'],
    ['all yes', answers(10), 40, 'significant'],
    ['all sometimes', answers(0, 10), 20, 'mild-moderate'],
    ['8 points: the top of no handicap', answers(2), 8, 'none'],
    ['10 points: the bottom of mild to moderate', answers(2, 1), 10, 'mild-moderate'],
    ['24 points: the top of mild to moderate', answers(6), 24, 'mild-moderate'],
    ['26 points: the bottom of significant', answers(6, 1), 26, 'significant'],
  ] as const)('%s', (_what, given, score, band) => {
    expect(scoreHearingSelfCheck(given)).toEqual({ answers: given, score, band })
  })

  it('scores the emotional and situational questions apart, as the published form marks them', () => {
    // Questions 1, 2, 4, 7 and 9 are emotional; 3, 5, 6, 8 and 10 situational.
    const emotionalYes: HhieAnswer[] = ['yes', 'yes', 'no', 'yes', 'no', 'no', 'yes', 'no', 'yes', 'no']
    expect(hhieSubscaleScores(emotionalYes)).toEqual({ emotional: 20, situational: 0 })
    expect(hhieSubscaleScores(answers(0, 10))).toEqual({ emotional: 10, situational: 10 })
  })

  it('refuses anything but ten answers of yes, sometimes or no', () => {
    expect(() => scoreHearingSelfCheck(answers(0).slice(1))).toThrow(RangeError)
    expect(() => scoreHearingSelfCheck([...answers(0).slice(1), 'maybe' as HhieAnswer])).toThrow(RangeError)
    expect(isHhieAnswers([...answers(3), 'no'])).toBe(false)
    expect(isHhieAnswers('yes')).toBe(false)
  })

  it('tells staff the result in one line', () => {
    expect(selfCheckSummary(scoreHearingSelfCheck(answers(2, 5)))).toBe('Hearing self-check: 18 / 40 — mild to moderate')
    expect(selfCheckSummary({ score: HHIE_S_MAX_SCORE, band: 'significant' })).toBe('Hearing self-check: 40 / 40 — significant')
  })

  it('reads the answers a booking link carries, and nothing else', () => {
    const given = answers(1, 1)
    expect(selfCheckAnswersOf({ hearingSelfCheck: given })).toBe(given)
    expect(selfCheckAnswersOf({ hearingSelfCheck: given.slice(2) })).toBeNull()
    expect(selfCheckAnswersOf(null)).toBeNull()
    expect(selfCheckAnswersOf({ usr: 'other' })).toBeNull()
  })

  it('has a question for each of the ten items and words for each answer and band', () => {
    expect(selfCheckText().questions).toHaveLength(10)
    expect(Object.keys(selfCheckText().answers).sort()).toEqual(['no', 'sometimes', 'yes'])
    expect(Object.keys(selfCheckText().result.bands).sort()).toEqual(['mild-moderate', 'none', 'significant'])
  })
})
