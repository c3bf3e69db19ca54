import { describe, expect, it, vi } from 'vitest'

import { serverStyleTags } from './server-styles'

// What styled-components writes for a page with two components (groups 1 and 2), the second one
// extending the first: each group's rules, then its marker.
const SERVER_CSS =
  '.base-a{color:red;}/*!sc*/\n' +
  'data-styled.g1[id="sc-base"]{content:"base-a,"}/*!sc*/\n' +
  '.ext-a{color:blue;}/*!sc*/\n' +
  'data-styled.g2[id="sc-ext"]{content:"ext-a,"}/*!sc*/\n'

/** A page's head as the pre-rendering step writes it, then styled-components and this module loaded afresh, as on a page load. */
async function loadPage() {
  document.head.innerHTML = serverStyleTags(SERVER_CSS)
  vi.resetModules()
  // Everything imported afresh, so that the renderer and styled-components are the page's own.
  const { render } = await import('@testing-library/react')
  const { default: styled } = await import('styled-components')
  const { adoptServerStyles } = await import('./server-styles')
  adoptServerStyles()
  const Base = styled.div.withConfig({ componentId: 'sc-base' })<{ $tone?: string }>`
    color: ${(p) => p.$tone ?? 'red'};
  `
  const Ext = styled(Base).withConfig({ componentId: 'sc-ext' })`
    color: blue;
  `
  const serverSheet = document.querySelector<HTMLStyleElement>('style[data-server-styles]')!.sheet!
  const selectors = () => Array.from(serverSheet.cssRules, (r) => (r as CSSStyleRule).selectorText)
  return { Base, Ext, selectors, render }
}

describe('the pre-rendered styles', () => {
  it('are sent as the CSS itself and, apart, the markers styled-components takes its class names from', () => {
    const head = serverStyleTags(SERVER_CSS)
    expect(head).toContain(`<style data-server-styles>${SERVER_CSS}</style>`)
    const markers = head.slice(head.indexOf('media="not all">'))
    expect(markers).toContain('data-styled.g1[id="sc-base"]{content:"base-a,"}')
    expect(markers).not.toContain('.base-a')
    expect(serverStyleTags('')).toBe('')
  })

  it('stay where they are, and styled-components adds to them in its components order without repeating them', async () => {
    const { Base, Ext, selectors, render } = await loadPage()
    expect(document.querySelectorAll('style').length, 'the markers are taken in and removed').toBe(1)

    // A component first drawn in the browser with new styles: its rule goes with its group (before
    // the extending component's rules, which must keep winning), not after every server rule.
    render(
      <>
        <Base $tone="green" />
        <Ext />
      </>,
    )
    const rules = selectors()
    expect(rules.filter((s) => s === '.ext-a' || s === '.base-a'), 'nothing rendered on the server is added again').toEqual(['.base-a', '.ext-a'])
    const added = rules.findIndex((s) => !['.base-a', '.ext-a'].includes(s) && !s.startsWith('data-styled'))
    expect(added, 'the new rule is in the server sheet').toBeGreaterThan(-1)
    expect(added, 'after its own group').toBeGreaterThan(rules.indexOf('.base-a'))
    expect(added, "before the extending component's").toBeLessThan(rules.indexOf('.ext-a'))
    expect(document.querySelectorAll('style').length, 'no second style sheet').toBe(1)
  })
})
