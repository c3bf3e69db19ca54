import styled from 'styled-components'

import { ButtonLink } from '@/components/ui/button'
import { Container } from '@/components/ui/container'
import { Section, SectionHeader } from '@/components/ui/section'

interface PromoBandProps {
  /** Id of the band's heading (names the section). */
  id: string
  heading: string
  text: string
  link: string
  to: string
  tone?: 'plain' | 'surface'
}

/** A band inviting the reader to another page: a heading, a sentence and one link styled as a button. */
export function PromoBand({ id, heading, text, link, to, tone = 'plain' }: PromoBandProps) {
  return (
    <Section $tone={tone} aria-labelledby={id}>
      <SectionHeader>
        <h2 id={id}>{heading}</h2>
        <p>{text}</p>
      </SectionHeader>
      <Centred>
        <ButtonLink to={to}>{link}</ButtonLink>
      </Centred>
    </Section>
  )
}

const Centred = styled(Container)`
  display: flex;
  justify-content: center;
`
