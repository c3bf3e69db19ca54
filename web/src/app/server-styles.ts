/**
 * How a pre-rendered page's CSS is handed from the server to styled-components in the browser.
 *
 * styled-components' own take-over reads the server's <style>, inserts every rule again, one by one,
 * into a new style sheet, then removes the server's: on a phone the largest single piece of a
 * page's start-up work, followed by a style recalculation of the whole page. Instead:
 * - the pre-rendering step (entry-server.tsx) sends the CSS, with styled-components' group markers,
 *   in a <style data-server-styles> that the browser applies and nothing removes; and the markers
 *   alone in an inert <style media="not all"> of styled-components' own kind, from which it takes
 *   the class names already in the page and each component's group number (so nothing rendered on
 *   the server is generated again) but no rules;
 * - before the first render (main.tsx), `adoptServerStyles` points styled-components' sheet at the
 *   server's style sheet, each group's size counted from its markers, so a rule added later lands in
 *   its component's place among the server's rules, as in styled-components' own sheet.
 */
import { __PRIVATE__, version } from 'styled-components'

/** styled-components' separator between the parts of its CSS, and its group marker rules. */
const SPLITTER = '/*!sc*/\n'
const MARKER = /^data-styled\.g(\d+)\[id="/
const SERVER_STYLES = 'data-server-styles'

/** The <style> tags of a pre-rendered page, from styled-components' CSS for it (`ServerStyleSheet.instance.toString()`). */
export function serverStyleTags(css: string): string {
  if (!css) return ''
  const markers = css
    .split(SPLITTER)
    .filter((part) => MARKER.test(part.trim()))
    .map((part) => part.trim() + SPLITTER)
    .join('')
  return `<style ${SERVER_STYLES}>${css}</style><style data-styled="true" data-styled-version="${version}" media="not all">${markers}</style>`
}

/** The parts of styled-components' sheet this relies on (its GroupedTag and Tag: sheet/types.ts). */
interface Tag {
  insertRule(index: number, rule: string): boolean
  deleteRule(index: number): void
  getRule(index: number): string
  length: number
  element?: HTMLStyleElement
}
interface GroupedTag {
  groupSizes: Uint32Array
  length: number
  tag: Tag
}
type GroupedTagClass = new (tag: Tag) => GroupedTag

/** A styled-components Tag over an existing style sheet (its CSSOMTag, minus creating the element). */
function tagOver(sheet: CSSStyleSheet): Tag {
  return {
    length: sheet.cssRules.length,
    insertRule(index, rule) {
      try {
        sheet.insertRule(rule, index)
        this.length++
        return true
      } catch {
        return false // a rule the browser does not parse, as styled-components' own tag does
      }
    },
    deleteRule(index) {
      sheet.deleteRule(index)
      this.length--
    },
    getRule: (index) => sheet.cssRules[index]?.cssText ?? '',
  }
}

/**
 * Each group's number of rules in the server's style sheet, as the browser parsed it (a rule it
 * rejects is not there): a group's rules come first, then its marker, which counts as one of its rules.
 */
function groupSizesOf(sheet: CSSStyleSheet): Uint32Array {
  const sizes: number[] = []
  let count = 0
  for (const rule of Array.from(sheet.cssRules)) {
    count++
    const marker = rule instanceof CSSStyleRule ? MARKER.exec(rule.selectorText) : null
    if (marker) {
      sizes[Number(marker[1])] = count
      count = 0
    }
  }
  let length = 512 // styled-components' starting size; it grows by doubling
  while (length <= sizes.length) length *= 2
  const groupSizes = new Uint32Array(length)
  sizes.forEach((size, group) => (groupSizes[group] = size))
  return groupSizes
}

/**
 * Whether the page arrived pre-rendered with its CSS (false on the server and in empty shells). Its
 * global rules are then already in the server's style sheet: rendering <GlobalStyle> again would
 * run them through styled-components' CSS compiler, delete the server's copies and insert them
 * anew, a restyle of the whole page, all in the hydration task (app/provider.tsx).
 */
export const pageHasServerStyles = serverStyleElement() !== null

/** The pre-rendered page's <style data-server-styles>; null on the server and in empty shells. */
function serverStyleElement(): HTMLStyleElement | null {
  return typeof document === 'undefined' ? null : document.querySelector<HTMLStyleElement>(`style[${SERVER_STYLES}]`)
}

/** Makes the server's style sheet styled-components' own (see above). Call before the first render. */
export function adoptServerStyles(): void {
  const sheet = serverStyleElement()?.sheet
  if (!sheet) return
  // The tag styled-components made while taking the markers in: empty, and only its class is needed.
  const made = __PRIVATE__.mainSheet.getTag() as unknown as GroupedTag
  made.tag.element?.remove()
  const adopted = new (made.constructor as GroupedTagClass)(tagOver(sheet))
  adopted.groupSizes = groupSizesOf(sheet)
  adopted.length = adopted.groupSizes.length
  ;(__PRIVATE__.mainSheet as unknown as { tag: GroupedTag }).tag = adopted
}
