import styled from 'styled-components'

import { t } from '@/i18n/articles'

import { englishOnSpanishPage } from '../format'
import { theme } from '@/config/theme'

/** An article's tags, as a list (screen readers announce how many); the tags are English words. */
export function TagList({ tags, label = t('articles.tags') }: { tags: readonly string[]; label?: string }) {
  if (tags.length === 0) return null
  return (
    <Tags aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} lang={englishOnSpanishPage()}>
          {tag}
        </li>
      ))}
    </Tags>
  )
}

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: ${theme.space[1]} ${theme.space[3]};
    border-radius: ${theme.radii.pill};
    background: ${theme.colors.primarySoft};
    color: ${theme.colors.primaryHover};
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.medium};
  }
`
