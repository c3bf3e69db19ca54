import { createHash } from 'node:crypto'
import path from 'node:path'

import type { Plugin } from 'vite'

/**
 * Gives every styled component a componentId derived from its file and its position in that file.
 *
 * Why: without a compiler plugin, styled-components numbers components in the order their modules
 * are evaluated (one global counter), and the class names follow from those numbers. The page
 * pre-rendered at build time evaluates modules in another order than a browser that loads the
 * entry and then one lazily loaded page, so the classes in the server HTML would not be the ones
 * the browser computes: hydration mismatches and unstyled markup. A stable id per component
 * (what babel-plugin-styled-components does) makes both sides agree.
 *
 * It rewrites `styled.tag` and `styled(Component)` — with `styled` being the default import of
 * 'styled-components' in that module — to `….withConfig({ componentId: "sc-…" })`. Runs after
 * TypeScript and JSX are compiled away (no `enforce`), so it sees plain JavaScript.
 */
export function styledComponentIds({ root }: { root: string }): Plugin {
  return {
    name: 'hearing:styled-component-ids',
    transform: {
      filter: { id: /\.[jt]sx?$/, code: 'styled-components' },
      handler(code, id) {
        if (id.includes('/node_modules/')) return null
        const file = id.split('?', 1)[0]!
        const out = addComponentIds(code, path.relative(root, file).split(path.sep).join('/'))
        return out === code ? null : { code: out, map: null }
      },
    },
  }
}

/** The default import's local name: `import styled from …` or `import styled, { css } from …`. */
const defaultImport = /import\s+([A-Za-z_$][\w$]*)\s*(?:,\s*\{[^}]*\})?\s*from\s*["']styled-components["']/

export function addComponentIds(code: string, file: string): string {
  const local = defaultImport.exec(code)?.[1]
  if (!local) return code
  const fileHash = createHash('sha256').update(file).digest('base64url').slice(0, 6)
  const name = local.replace(/\$/g, '\\$')
  // `styled.tag` or `styled(`, not preceded by an identifier character or a dot (obj.styled.div).
  const start = new RegExp(`(?<![\\w$.])${name}(?:\\.([A-Za-z][\\w]*)|\\s*\\()`, 'g')
  let out = ''
  let last = 0
  let index = 0
  for (let match = start.exec(code); match; match = start.exec(code)) {
    let end: number
    if (match[1] !== undefined) {
      if (match[1] === 'withConfig') continue
      end = match.index + match[0].length
    } else {
      end = closingParen(code, match.index + match[0].length - 1)
      if (end < 0) continue
    }
    // Already configured by hand: leave it alone.
    if (/^\s*\.withConfig\b/.test(code.slice(end, end + 40))) continue
    const componentId = `sc-${fileHash}${index++}`
    out += `${code.slice(last, end)}.withConfig({componentId:${JSON.stringify(componentId)}})`
    last = end
    start.lastIndex = end
  }
  return out + code.slice(last)
}

/** Index just after the ")" matching the "(" at `open`, or -1. Skips strings and template literals roughly. */
function closingParen(code: string, open: number): number {
  let depth = 0
  for (let i = open; i < code.length; i++) {
    const c = code[i]
    if (c === '"' || c === "'" || c === '`') {
      const quote = c
      for (i++; i < code.length && code[i] !== quote; i++) if (code[i] === '\\') i++
      continue
    }
    if (c === '(') depth++
    else if (c === ')' && --depth === 0) return i + 1
  }
  return -1
}
