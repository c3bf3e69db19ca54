import styled from 'styled-components'

/**
 * Content for assistive technology only: out of sight, still read out (the usual clip technique).
 * E.g. " (opens in a new tab)" after a link's visible text, or a table's caption (`as="caption"`).
 */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`
