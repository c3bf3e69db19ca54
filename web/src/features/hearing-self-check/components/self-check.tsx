import { HHIE_S_ANSWERS, HHIE_S_QUESTION_COUNT, isHhieAnswers, scoreHearingSelfCheck, type HhieAnswer } from '@hearing/contracts'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import styled from 'styled-components'

import { Button } from '@/components/ui/button'
import { fillTemplate, selfCheckText } from '@/content/self-check'

import { ResultScore, SelfCheckResult } from './self-check-result'
import { theme } from '@/config/theme'

const text = () => selfCheckText()
const RESULT = HHIE_S_QUESTION_COUNT
const unanswered = (): Array<HhieAnswer | null> => Array.from({ length: HHIE_S_QUESTION_COUNT }, () => null)

/**
 * The hearing self-check (HHIE-S): one question at a time, answered with native radio buttons in a
 * fieldset named by the question, "Next" and "Back" (which keeps the answers), then the result. On
 * every step keyboard and screen-reader focus moves to the step's heading; the result is also
 * announced politely. Nothing leaves the browser: the answers live in this component until the
 * visitor books (the link carries them in the router's history state).
 */
export function SelfCheck() {
  const id = useId()
  const [answers, setAnswers] = useState(unanswered)
  const [step, setStep] = useState(0)
  const [missing, setMissing] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  // Focus moves on steps the visitor took, not when the page first loads.
  const stepped = useRef(false)

  useEffect(() => {
    if (stepped.current) heading.current?.focus()
  }, [step])

  const goTo = (next: number) => {
    stepped.current = true
    setMissing(false)
    setStep(next)
  }

  const answer = (value: HhieAnswer) => {
    setMissing(false)
    setAnswers((current) => current.map((a, i) => (i === step ? value : a)))
  }

  const next = (event: FormEvent) => {
    event.preventDefault()
    if (!answers[step]) return setMissing(true)
    goTo(step + 1)
  }

  const result = step === RESULT && isHhieAnswers(answers) ? scoreHearingSelfCheck(answers) : null

  return (
    <Panel>
      {result ? (
        <ResultHeading ref={heading} tabIndex={-1}>
          {text().result.heading}
        </ResultHeading>
      ) : null}
      {/* Announced when the result appears (a live region must be in the page before its content changes). */}
      <div role="status" aria-live="polite" aria-atomic="true">
        {result ? <ResultScore result={result} /> : null}
      </div>
      {result ? (
        <SelfCheckResult
          result={result}
          onReview={() => goTo(0)}
          onRestart={() => {
            setAnswers(unanswered())
            goTo(0)
          }}
        />
      ) : (
        <form key={step} onSubmit={next} noValidate aria-labelledby={`${id}-question`}>
          <Progress>
            <p id={`${id}-progress`}>{fillTemplate(text().step.progress, { current: step + 1, total: HHIE_S_QUESTION_COUNT })}</p>
            <Bar aria-hidden="true">
              <span style={{ width: `${((step + 1) / HHIE_S_QUESTION_COUNT) * 100}%` }} />
            </Bar>
          </Progress>
          <Fieldset aria-describedby={missing ? `${id}-missing` : undefined}>
            <legend>
              <h2 id={`${id}-question`} ref={heading} tabIndex={-1}>
                {text().questions[step]}
              </h2>
            </legend>
            <Options>
              {HHIE_S_ANSWERS.map((value) => (
                <Option key={value}>
                  <input type="radio" name={`${id}-answer`} value={value} checked={answers[step] === value} onChange={() => answer(value)} aria-invalid={missing || undefined} />
                  <span>{text().answers[value]}</span>
                </Option>
              ))}
            </Options>
          </Fieldset>
          {missing ? (
            <Missing id={`${id}-missing`} role="alert">
              {text().step.required}
            </Missing>
          ) : null}
          <Actions>
            <Button type="submit">{step === RESULT - 1 ? text().step.finish : text().step.next}</Button>
            {step > 0 ? (
              <Button $variant="secondary" onClick={() => goTo(step - 1)}>
                {text().step.back}
              </Button>
            ) : null}
          </Actions>
        </form>
      )}
    </Panel>
  )
}

const Panel = styled.div`
  display: grid;
  gap: ${theme.space[5]};
  max-width: ${theme.layout.textWidth};
  margin-inline: auto;
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};

  ${theme.media.fromTablet} {
    padding: ${theme.space[6]};
  }

  form {
    display: grid;
    gap: ${theme.space[5]};
  }

  /* Until the result the status region is empty: out of the grid's flow (no gap above the
     question), yet still in the page, so screen readers announce what it then receives. */
  [role='status']:empty {
    position: absolute;
  }
`

/*
 * Focus moves to each step's heading, which the browser scrolls into view: far enough below the
 * sticky header that it is not hidden under it (WCAG 2.4.11), with the progress line above it in sight.
 */
const stepHeadingOffset = '9rem'

const ResultHeading = styled.h2`
  margin: 0;
  scroll-margin-top: ${stepHeadingOffset};
`

const Progress = styled.div`
  display: grid;
  gap: ${theme.space[2]};

  p {
    margin: 0;
    font-weight: ${theme.fontWeights.semibold};
    color: ${theme.colors.textMuted};
  }
`

const Bar = styled.div`
  height: 0.75rem;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.borderStrong};
  overflow: hidden;

  span {
    display: block;
    height: 100%;
    background: ${theme.colors.primary};
    /* The global reduced-motion rule shortens this to nothing when asked. */
    transition: width ${theme.durations.base} ease;
  }
`

const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend {
    padding: 0;
    margin-bottom: ${theme.space[4]};
  }

  h2 {
    margin: 0;
    scroll-margin-top: ${stepHeadingOffset};
    font-size: ${theme.fontSizes.xl};
    line-height: ${theme.lineHeights.snug};

    ${theme.media.fromTablet} {
      font-size: ${theme.fontSizes['2xl']};
    }
  }
`

const Options = styled.div`
  display: grid;
  gap: ${theme.space[3]};
`

const Option = styled.label`
  display: flex;
  align-items: center;
  gap: ${theme.space[3]};
  min-height: 56px;
  padding: ${theme.space[3]} ${theme.space[4]};
  border: 2px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.semibold};
  cursor: pointer;

  input {
    flex: none;
    width: 1.5rem;
    height: 1.5rem;
    margin: 0;
    accent-color: ${theme.colors.primary};
  }

  &:hover {
    background: ${theme.colors.surface};
  }

  /* The chosen answer stands out by more than colour: a thicker border and a tinted fill. */
  &:has(input:checked) {
    border-color: ${theme.colors.primary};
    box-shadow: inset 0 0 0 2px ${theme.colors.primary};
    background: ${theme.colors.primarySoft};
  }

  &:has(input:focus-visible) {
    outline: ${theme.focus.outline};
    outline-offset: ${theme.focus.outlineOffset};
  }

  input:focus-visible {
    outline: none;
  }
`

const Missing = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-weight: ${theme.fontWeights.semibold};
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
`
