/** The query string of the filters that are set ('' when none), for list and export requests alike. */
export function filterSearch(filters: object): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value))
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** "<prefix>-2026-11-25.<extension>": exports carry the day they were taken. */
export function datedFilename(prefix: string, extension = 'json', at = new Date()): string {
  return `${prefix}-${at.toISOString().slice(0, 10)}.${extension}`
}

/** Has the browser save `blob` as a file (no server round trip). */
function saveFile(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked a moment later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Saves `data` as a pretty-printed JSON file. */
export function downloadJson(filename: string, data: unknown): void {
  saveFile(filename, new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
}

/** Saves text the API answered (a CSV export) as `<name>-<YYYY-MM-DD>.csv`. */
export function saveCsv(csv: string, name: string): void {
  saveFile(datedFilename(name, 'csv'), new Blob([csv], { type: 'text/csv' }))
}
