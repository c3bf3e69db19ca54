import { PUBLIC_PAGES } from '@hearing/contracts'
import { describe, expect, it } from 'vitest'

import { spaRoutes } from '@/config/spa-routes'

import { isDynamicPattern, seoForRoute } from './pages'

describe('the sitemap’s page list', () => {
  it('is exactly the routes whose SEO data says index (a new public page must be added to @hearing/contracts)', () => {
    const indexable = (spaRoutes as readonly string[]).filter((p) => !isDynamicPattern(p) && seoForRoute(p).robots === 'index, follow')
    expect([...PUBLIC_PAGES].sort()).toEqual([...indexable].sort())
  })
})
