import { describe, expect, it } from 'vitest'

import { withLowPriorityScripts } from './script-priority'

describe('withLowPriorityScripts', () => {
  it('asks for the module script and its preloads at low priority, and leaves everything else', () => {
    const html = [
      '<link rel="modulepreload" crossorigin href="/assets/vendor.js">',
      '<link rel="preload" as="image" href="/media/hero.webp" fetchpriority="high" />',
      '<script type="application/ld+json">{}</script>',
      '<script type="module" crossorigin src="/assets/index.js"></script>',
    ].join('\n')
    expect(withLowPriorityScripts(html).split('\n')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/vendor.js" fetchpriority="low">',
      '<link rel="preload" as="image" href="/media/hero.webp" fetchpriority="high" />',
      '<script type="application/ld+json">{}</script>',
      '<script type="module" crossorigin src="/assets/index.js" fetchpriority="low"></script>',
    ])
  })

  it('keeps a priority the tag already names', () => {
    const tag = '<script type="module" fetchpriority="high" src="/assets/index.js"></script>'
    expect(withLowPriorityScripts(tag)).toBe(tag)
  })
})
