import path from 'node:path'

import type { Plugin } from 'vite'

/**
 * The practice's content (src/content/*.ts) is validated with zod when it is imported. That check
 * matters when the content is edited, i.e. at build time, where the pre-rendering step (SSR build)
 * imports every content module with the real zod and stops the build on a mistake. The browser
 * would only run the same check again on the same data, at the cost of shipping zod (~40 KB gzip)
 * with every page: so in the browser build, `zod` imported by a module under src/content/ resolves
 * to a pass-through stand-in (zod-passthrough.ts). Anything else importing zod gets the real one.
 *
 * Consequence: content schemas must not transform data (no .transform/.default/.coerce) — the
 * browser gets the data as written. Form validation must not import src/content's schemas.
 */
export function contentValidationAtBuildOnly({ root }: { root: string }): Plugin {
  const contentDir = path.join(root, 'src', 'content') + path.sep
  const stub = path.join(root, 'scripts', 'zod-passthrough.ts')
  return {
    name: 'hearing:content-validation-at-build-only',
    enforce: 'pre',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    resolveId(source, importer) {
      if (source === 'zod' && importer?.startsWith(contentDir)) return stub
      return null
    },
    transform: {
      filter: { id: /[\\/]src[\\/]content[\\/].*\.ts$/ },
      handler(code, id) {
        if (/\.(transform|default|coerce|preprocess|catch|overwrite|pipe)\(/.test(code)) {
          this.error(`${path.relative(root, id)}: content schemas must not change the data (see scripts/content-validation.ts)`)
        }
        return null
      },
    },
  }
}
