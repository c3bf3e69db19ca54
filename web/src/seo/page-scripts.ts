// Kept free of React, browser APIs and the '@/' alias: the pre-render step uses it in Node.

/** The part of Vite's build manifest (dist/.vite/manifest.json) this needs. */
export type BuildManifest = Record<string, { file: string; imports?: string[] }>

/**
 * `<link rel="modulepreload">` for the scripts of the page module `moduleKey` (its chunk and the
 * chunks it imports, recursively) that `html` does not already ask for.
 *
 * main.tsx asks for the page's code as it starts; without these links the browser only learns of
 * it once the first script has been fetched and run, one more round trip on the way to the page's
 * largest paint (a product's picture, an article's text) on a slow connection. The pre-rendering
 * step marks them low priority, like the page's other scripts (script-priority.ts).
 */
export function pageScriptPreloads(manifest: BuildManifest, moduleKey: string, html: string, base = '/'): string {
  const files: string[] = []
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the build manifest has no ${key}`)
    files.push(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(moduleKey)
  return files
    .map((file) => `${base}${file}`)
    .filter((href) => !html.includes(`"${href}"`))
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
    .join('\n    ')
}
