/**
 * CSV exports (RFC 4180) that are safe to open in a spreadsheet: every cell quoted, quotes doubled,
 * and a cell that starts like a formula (= + - @, or a tab or carriage return that some
 * spreadsheets skip before one) gets a leading ' so it is shown as text, never run.
 */
export type CsvValue = string | number | boolean | null | undefined

export function csvCell(value: CsvValue): string {
  let text = value == null ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return `"${text.replace(/"/g, '""')}"`
}

/** A header line and one line per row, CRLF-terminated. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** The response headers of a CSV download named `<name>-<YYYY-MM-DD>.csv` (today, UTC). */
export function csvDownloadHeaders(name: string, day = new Date().toISOString().slice(0, 10)) {
  return { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}-${day}.csv"` }
}
