import styled from 'styled-components'

import { Container } from '@/components/ui/container'
import { PageHero } from '@/components/ui/page-hero'
import { selfCheckText } from '@/content/self-check'
import { SelfCheck } from '@/features/hearing-self-check/components/self-check'
import { useEnglishPageTitle } from '@/lib/use-document-title'
import { theme } from '@/config/theme'

const text = () => selfCheckText().intro

/** /hearing-self-check: the HHIE-S questionnaire, one question at a time, then its result explained. */
export default function HearingSelfCheckPage() {
  useEnglishPageTitle(selfCheckText().seo.title)

  return (
    <>
      <PageHero title={text().title}>
        <p>{text().lead}</p>
      </PageHero>
      <Container>
        <Layout>
          <SelfCheck />
          <About aria-labelledby="self-check-about">
            <h2 id="self-check-about">{text().aboutHeading}</h2>
            <ul>
              {text().points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
            <p>{text().source}</p>
          </About>
        </Layout>
      </Container>
    </>
  )
}

const Layout = styled.div`
  display: grid;
  gap: ${theme.space[6]};
  padding-block: ${theme.space[6]} ${theme.space[8]};
`

const About = styled.section`
  max-width: ${theme.layout.textWidth};
  margin-inline: auto;
  color: ${theme.colors.textMuted};

  h2 {
    margin: 0 0 ${theme.space[3]};
    font-size: ${theme.fontSizes.xl};
    color: ${theme.colors.text};
  }
  ul {
    display: grid;
    gap: ${theme.space[2]};
    margin: 0 0 ${theme.space[3]};
  }
  p {
    margin: 0;
  }
`
