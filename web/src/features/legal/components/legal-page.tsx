import { Link } from 'react-router-dom'
import styled from 'styled-components'

import { ContactDetails } from '@/components/layout/contact-details'
import { Container } from '@/components/ui/container'
import type { LegalBlock, LegalDocument } from '@/content/legal'
import { practice } from '@/content/practice'
import { intlLocale } from '@/i18n/i18n'
import { t } from '@/i18n/legal'
import { useDocumentTitle } from '@/lib/use-document-title'
import { theme } from '@/config/theme'

/** "2026-11-01" -> "November 1, 2026" / "1 de noviembre de 2026" (a calendar date: no time zone may shift it). */
function formatDate(isoDate: string): string {
  return new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`))
}

/**
 * The Spanish copies (src/content/legal/<page>/es.json) write the practice's name as {practice},
 * so a rebranded practice.ts renames it there too; the English texts have it written in already.
 */
function withPracticeName<T>(value: T): T {
  if (typeof value === 'string') return value.replaceAll('{practice}', practice.name) as T
  if (Array.isArray(value)) return value.map(withPracticeName) as T
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withPracticeName(v)])) as T
  return value
}

/**
 * One legal or static page (SPEC §2 "Legal pages"), drawn from src/content/legal.ts (or its Spanish
 * copy, which the route passes on Spanish pages): title, date, introduction, an "On this page" list
 * of the sections, and the sections.
 */
export function LegalPage({ document }: { document: LegalDocument }) {
  const doc = withPracticeName(document)
  useDocumentTitle(doc.title)

  const contents = (
    <ol>
      {doc.sections.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`}>{section.heading}</a>
        </li>
      ))}
    </ol>
  )

  return (
    <>
      <Hero>
        <Container>
          <h1>{doc.title}</h1>
          <Updated>
            {t('legal.lastUpdated')} <time dateTime={doc.lastUpdated}>{formatDate(doc.lastUpdated)}</time>
          </Updated>
        </Container>
      </Hero>
      <Container>
        <Columns>
          <Sidebar aria-label={t('legal.onThisPage')}>
            <SidebarTitle>{t('legal.onThisPage')}</SidebarTitle>
            {contents}
          </Sidebar>
          <Article>
            <CompactContents>
              <summary>{t('legal.onThisPage')}</summary>
              <nav aria-label={t('legal.onThisPage')}>{contents}</nav>
            </CompactContents>
            {doc.intro.map((paragraph) => (
              <Intro key={paragraph}>{paragraph}</Intro>
            ))}
            {doc.sections.map((section) => (
              <Section key={section.id}>
                <h2 id={section.id}>{section.heading}</h2>
                {section.blocks.map((block, index) => (
                  <Block key={index} block={block} />
                ))}
              </Section>
            ))}
          </Article>
        </Columns>
      </Container>
    </>
  )
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{block}</p>
  if ('list' in block) {
    return (
      <List>
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </List>
    )
  }
  if ('links' in block) {
    return (
      <p>
        {block.links.map((link, index) => (
          <span key={link.href}>
            {index > 0 ? ' · ' : null}
            <Link to={link.href}>{link.label}</Link>
          </span>
        ))}
      </p>
    )
  }
  return <ContactDetails />
}

const Hero = styled.div`
  padding-block: ${theme.space[7]};
  background: ${theme.colors.primarySoft};

  h1 {
    margin-bottom: ${theme.space[2]};
  }
`

const Updated = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
`

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space[7]};
  padding-top: ${theme.space[6]};

  ${theme.media.fromDesktop} {
    grid-template-columns: 17rem minmax(0, 1fr);
    padding-top: ${theme.space[7]};
  }
`

const contentsList = `
  ol {
    display: grid;
    gap: 0.25rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  a {
    display: block;
    padding: 0.5rem 0.75rem;
    border-radius: 8px;
    text-decoration: none;
    line-height: 1.35;
  }

  a:hover {
    text-decoration: underline;
  }
`

const Sidebar = styled.nav`
  display: none;

  ${theme.media.fromDesktop} {
    position: sticky;
    top: 6rem;
    display: block;
    align-self: start;
    max-height: calc(100vh - 7rem);
    overflow-y: auto;
    padding: ${theme.space[4]};
    border-left: 3px solid ${theme.colors.primarySoft};
    font-size: ${theme.fontSizes.sm};
  }

  ${contentsList}
`

const SidebarTitle = styled.p`
  margin: 0 0 ${theme.space[2]};
  padding-inline: ${theme.space[3]};
  font-weight: ${theme.fontWeights.bold};
`

const CompactContents = styled.details`
  margin-bottom: ${theme.space[6]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};

  summary {
    min-height: 48px;
    padding: ${theme.space[3]} ${theme.space[4]};
    font-weight: ${theme.fontWeights.semibold};
    cursor: pointer;
  }

  nav {
    padding: 0 ${theme.space[2]} ${theme.space[3]};
  }

  ${contentsList}

  ${theme.media.fromDesktop} {
    display: none;
  }
`

const Article = styled.article`
  max-width: ${theme.layout.textWidth};
  min-width: 0;
`

const Intro = styled.p`
  font-size: ${theme.fontSizes.lg};
`

const Section = styled.section`
  margin-top: ${theme.space[6]};

  h2 {
    /* Clear of the sticky header when reached through "On this page". */
    scroll-margin-top: 6rem;
    font-size: ${theme.fontSizes.xl};
  }
`

const List = styled.ul`
  display: grid;
  gap: ${theme.space[2]};
  margin: 0 0 ${theme.space[4]};
  padding-left: ${theme.space[5]};
`
