import { HHIE_S_MAX_SCORE, HHIE_S_SUBSCALES, hhieSubscaleScores, type HearingSelfCheckResult, type HhieAnswer } from '@hearing/contracts'
import styled from 'styled-components'

import { fillTemplate, selfCheckSummary, selfCheckText } from '@/content/self-check'
import { theme } from '@/config/theme'

const text = () => selfCheckText()

/** The ten questions of the hearing self-check, each with its answer (the result page, staff, the patient's list). */
export function SelfCheckAnswers({ answers }: { answers: readonly HhieAnswer[] }) {
  return (
    <Answers>
      {answers.map((answer, i) => (
        <li key={i}>
          <span>{text().questions[i]}</span> <strong>{text().answers[answer]}</strong>
          <Subscale> ({text().staff.subscaleNames[HHIE_S_SUBSCALES[i] ?? 'emotional']})</Subscale>
        </li>
      ))}
    </Answers>
  )
}

/**
 * A stored self-check with its appointment: the one-line summary, and the answers on demand (a
 * native disclosure: keyboard and screen readers know it without script).
 */
export function SelfCheckRecord({ result }: { result: HearingSelfCheckResult }) {
  const subscales = hhieSubscaleScores(result.answers)
  return (
    <Record>
      <Summary>{selfCheckSummary(result)}</Summary>
      <details>
        <summary>{text().staff.answers}</summary>
        <p>{fillTemplate(text().staff.subscales, { ...subscales, half: HHIE_S_MAX_SCORE / 2 })}</p>
        <SelfCheckAnswers answers={result.answers} />
      </details>
    </Record>
  )
}

const Answers = styled.ol`
  display: grid;
  gap: ${theme.space[2]};
  margin: 0;
  padding-left: ${theme.space[5]};
`

const Subscale = styled.span`
  color: ${theme.colors.textMuted};
`

const Record = styled.div`
  display: grid;
  gap: ${theme.space[2]};

  summary {
    cursor: pointer;
    color: ${theme.colors.primary};
    font-weight: ${theme.fontWeights.semibold};
    /* A 44px target; it stays a list item so the open/closed marker shows. */
    padding-block: ${theme.space[2]};
  }

  details[open] > summary {
    margin-bottom: ${theme.space[2]};
  }

  details p {
    margin: 0 0 ${theme.space[2]};
  }
`

const Summary = styled.p`
  margin: 0;
  font-weight: ${theme.fontWeights.semibold};
`
