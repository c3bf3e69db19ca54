import { HHIE_S_BANDS, HHIE_S_MAX_SCORE, type HearingSelfCheckResult } from '@hearing/contracts'
import styled from 'styled-components'

import { Button, ButtonLink } from '@/components/ui/button'
import { SelfCheckAnswers } from '@/components/ui/self-check-answers'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { paths } from '@/config/paths'
import { fillTemplate, selfCheckText } from '@/content/self-check'
import { selfCheckBookingState } from '@/lib/hearing-self-check'
import { theme } from '@/config/theme'

const text = () => selfCheckText().result

/** The score and its band in words: what the result's live region announces. */
export function ResultScore({ result }: { result: HearingSelfCheckResult }) {
  return (
    <Score>
      <strong>{fillTemplate(text().score, { score: result.score, max: HHIE_S_MAX_SCORE })}</strong>
      <span>{text().bands[result.band].title}</span>
    </Score>
  )
}

/**
 * The rest of the result, in plain words: what the band means, the published bands with the
 * visitor's marked, what a screening does and does not tell, "Book a hearing evaluation" (the
 * answers go along in the link's history state), changing the answers or starting again.
 */
export function SelfCheckResult({ result, onReview, onRestart }: { result: HearingSelfCheckResult; onReview: () => void; onRestart: () => void }) {
  return (
    <Body>
      <p>{text().bands[result.band].text}</p>

      <section aria-labelledby="self-check-scale">
        <h3 id="self-check-scale">{text().scaleHeading}</h3>
        <Scale>
          {HHIE_S_BANDS.map((b) => {
            const line = fillTemplate(text().scale, { min: b.min, max: b.max, label: text().bands[b.band].label })
            return b.band === result.band ? (
              <li key={b.band} aria-current="true">
                <strong>{line}</strong>
                <VisuallyHidden> {text().yourBand}</VisuallyHidden>
              </li>
            ) : (
              <li key={b.band}>{line}</li>
            )
          })}
        </Scale>
      </section>

      <Actions>
        <ButtonLink to={paths.bookAppointment.getHref()} state={selfCheckBookingState(result.answers)}>
          {text().book}
        </ButtonLink>
        <Hint>{text().bookHint}</Hint>
      </Actions>

      <section aria-labelledby="self-check-means">
        <h3 id="self-check-means">{text().meansHeading}</h3>
        <p>{text().means}</p>
      </section>
      <section aria-labelledby="self-check-not-means">
        <h3 id="self-check-not-means">{text().notMeansHeading}</h3>
        <ul>
          {text().notMeans.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <Urgent>{text().urgent}</Urgent>

      <details>
        <summary>{text().yourAnswers}</summary>
        <SelfCheckAnswers answers={result.answers} />
      </details>

      <Actions>
        <Button $variant="secondary" onClick={onReview}>
          {text().review}
        </Button>
        <Button $variant="secondary" onClick={onRestart}>
          {text().restart}
        </Button>
      </Actions>
      <Hint>{text().privacy}</Hint>
    </Body>
  )
}

const Score = styled.p`
  display: grid;
  gap: ${theme.space[1]};
  margin: 0;
  padding: ${theme.space[4]};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.primarySoft};

  strong {
    font-size: ${theme.fontSizes['2xl']};
    color: ${theme.colors.primary};
  }
  span {
    font-size: ${theme.fontSizes.lg};
    font-weight: ${theme.fontWeights.semibold};
  }
`

const Body = styled.div`
  display: grid;
  gap: ${theme.space[5]};

  p,
  ul {
    margin: 0;
  }
  h3 {
    margin: 0 0 ${theme.space[2]};
    font-size: ${theme.fontSizes.lg};
  }
  summary {
    /* A 44px target; it stays a list item so the open/closed marker shows. */
    padding-block: ${theme.space[2]};
    cursor: pointer;
    color: ${theme.colors.primary};
    font-weight: ${theme.fontWeights.semibold};
  }
`

const Scale = styled.ul`
  display: grid;
  gap: ${theme.space[2]};
  padding-left: ${theme.space[5]};

  li[aria-current] {
    color: ${theme.colors.primary};
  }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]};
`

const Hint = styled.p`
  color: ${theme.colors.textMuted};
`

const Urgent = styled.p`
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: 4px solid ${theme.colors.accent};
  background: ${theme.colors.surface};
`
