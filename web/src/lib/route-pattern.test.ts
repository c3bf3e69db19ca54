import { describe, expect, it } from 'vitest'

import { paths } from '@/config/paths'
import { spaRoutes } from '@/config/spa-routes'

import { patternOf } from './route-pattern'

describe('patternOf', () => {
  it('names the pattern of each page, its parameters filled in', () => {
    expect(patternOf('/')).toBe(paths.home.path)
    expect(patternOf('/products')).toBe(paths.products.path)
    expect(patternOf('/products/phonak-audeo-sphere-infinio-90')).toBe(paths.product.path)
    expect(patternOf('/resources/caring-for-your-hearing-aids')).toBe(paths.resource.path)
    for (const pattern of spaRoutes) expect(patternOf(pattern.replace(/:\w+/g, 'x'))).toBe(pattern)
  })

  it('names none for a path no page renders, asked once or twice in a row', () => {
    expect(patternOf('/no-such-page')).toBeUndefined()
    expect(patternOf('/no-such-page')).toBeUndefined()
    expect(patternOf('/products/a/b')).toBeUndefined()
    expect(patternOf('/products')).toBe(paths.products.path)
  })
})
