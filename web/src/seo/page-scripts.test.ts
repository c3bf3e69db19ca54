import { describe, expect, it } from 'vitest'

import { pageScriptPreloads, type BuildManifest } from './page-scripts'

const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-1.js', imports: ['_vendor-1.js'] },
  _vendor: { file: 'assets/unused.js' },
  '_vendor-1.js': { file: 'assets/vendor-1.js' },
  'src/app/routes/product.tsx': { file: 'assets/product-1.js', imports: ['_vendor-1.js', '_shop-1.js'] },
  '_shop-1.js': { file: 'assets/shop-1.js', imports: ['_dialog-1.js', '_vendor-1.js'] },
  '_dialog-1.js': { file: 'assets/dialog-1.js', imports: ['_shop-1.js'] },
}

describe('pageScriptPreloads', () => {
  it("preloads the page's chunk and every chunk it imports, once each, leaving out what the page already asks for", () => {
    const html = '<script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/vendor-1.js">'
    expect(pageScriptPreloads(manifest, 'src/app/routes/product.tsx', html).split('\n    ')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/product-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/shop-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/dialog-1.js">',
    ])
  })

  it('fails on a page module the build does not have, rather than preloading nothing', () => {
    expect(() => pageScriptPreloads(manifest, 'src/app/routes/gone.tsx', '')).toThrow(/gone\.tsx/)
  })
})
