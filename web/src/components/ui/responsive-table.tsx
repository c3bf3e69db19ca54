import styled from 'styled-components'

import { theme } from '@/config/theme'

/**
 * A real table from desktop width; on narrower screens each row becomes a card with the column
 * names as labels (the table semantics stay for assistive technology).
 */
export const ResponsiveTable = styled.table`
  width: 100%;
  border-collapse: collapse;

  th,
  td {
    padding: ${theme.space[3]};
    text-align: left;
    vertical-align: top;
  }

  thead th {
    border-bottom: 2px solid ${theme.colors.borderStrong};
    font-weight: ${theme.fontWeights.bold};
  }

  tbody tr {
    border-bottom: 1px solid ${theme.colors.border};
  }

  @media (max-width: ${theme.breakpoints.tablet - 0.02}px) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }

    tbody {
      display: grid;
      gap: ${theme.space[4]};
    }

    tbody tr {
      display: grid;
      gap: ${theme.space[2]};
      padding: ${theme.space[4]};
      border: 1px solid ${theme.colors.border};
      border-radius: ${theme.radii.lg};
      box-shadow: ${theme.shadows.card};
    }

    td {
      display: grid;
      grid-template-columns: 6.5rem minmax(0, 1fr);
      gap: ${theme.space[3]};
      padding: 0;
    }

    td::before {
      content: attr(data-label);
      font-weight: ${theme.fontWeights.bold};
      color: ${theme.colors.textMuted};
    }

    td > * {
      grid-column: 2;
    }
  }
`
