// Control and format characters (CR, LF, NUL, direction overrides, zero-width ones) and the Unicode
// line and paragraph separators: none belongs in a header.
const NOT_IN_A_HEADER = /[\p{Cc}\p{Cf}\u2028\u2029]+/gu

/**
 * Text for a header line (a subject) built from what someone typed: every control or format
 * character becomes a space, runs of spaces one, cut to `max`. Whatever a visitor sent, the header
 * stays one line: no "Bcc:" of theirs can start a line of its own.
 */
export function oneLine(value: string, max: number): string {
  return value.replace(NOT_IN_A_HEADER, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim()
}
