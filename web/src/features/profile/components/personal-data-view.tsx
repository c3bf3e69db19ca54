import type { PersonalDataExport, PersonalDataSection } from '@hearing/contracts'
import styled from 'styled-components'

import { currentLocale, i18n, intlLocale } from '@/i18n/i18n'
import { t, tOr } from '@/i18n/patient'
import { theme } from '@/config/theme'

/** What each part is called for the person (the services' names mean nothing to them). */
const partTitle = (service: string) => tOr(`myData.part.${service}`, service)

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

const humanized = (key: string) => (key.charAt(0).toUpperCase() + key.slice(1)).replace(/_/g, ' ')

/** A record's field name for the person: from the catalog, else the key in words (English: marked so on Spanish pages). */
function Label({ name }: { name: string }) {
  const key = `myData.field.${name}`
  if (key in i18n.messages) return <>{i18n._(key)}</>
  return currentLocale() === 'es' ? <span lang="en">{humanized(name)}</span> : <>{humanized(name)}</>
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return t('myData.none')
  if (typeof value === 'boolean') return value ? t('myData.yes') : t('myData.no')
  if (typeof value === 'string') {
    return ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value)) ? new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)) : value
  }
  if (typeof value === 'number') return String(value)
  return JSON.stringify(value)
}

/** The readable copy of "my data": every part, its sections, each record as labelled fields. */
export function PersonalDataView({ data }: { data: PersonalDataExport }) {
  return (
    <>
      {data.missing.length > 0 ? (
        <Warning role="alert">
          {t('myData.missing', { parts: data.missing.map(partTitle).join(', ') })}
        </Warning>
      ) : null}
      {data.parts.map((part) => (
        <Part key={part.service} aria-labelledby={`part-${part.service.replace(/\W/g, '-')}`}>
          <h2 id={`part-${part.service.replace(/\W/g, '-')}`}>{partTitle(part.service)}</h2>
          {part.sections.map((section) => (
            <Section key={section.key} section={section} />
          ))}
        </Part>
      ))}
    </>
  )
}

function Section({ section }: { section: PersonalDataSection }) {
  return (
    <div>
      <h3>{tOr(`myData.section.${section.key}`, section.title)}</h3>
      {section.records.length === 0 ? (
        <Muted>{t('myData.nothing')}</Muted>
      ) : (
        section.records.map((record, i) => (
          <Record key={i}>
            {Object.entries(record).map(([key, value]) => (
              <div key={key}>
                <dt>
                  <Label name={key} />
                </dt>
                <dd>{shown(value)}</dd>
              </div>
            ))}
          </Record>
        ))
      )}
    </div>
  )
}

const Part = styled.section`
  margin-top: ${theme.space[6]};

  h3 {
    margin-top: ${theme.space[4]};
  }
`

const Record = styled.dl`
  display: grid;
  gap: ${theme.space[1]};
  margin: 0 0 ${theme.space[3]};
  padding: ${theme.space[3]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};

  div {
    display: grid;
    grid-template-columns: minmax(8rem, 12rem) 1fr;
    gap: ${theme.space[2]};
  }

  dt {
    font-weight: 600;
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-line;
  }

  @media (max-width: 30rem) {
    div {
      grid-template-columns: 1fr;
      gap: 0;
    }
  }
`

const Muted = styled.p`
  color: ${theme.colors.textMuted};
`

const Warning = styled.p`
  padding: ${theme.space[3]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
`
