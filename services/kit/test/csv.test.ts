import t from 'tap'
import { csvCell, csvDownloadHeaders, toCsv } from '../src/csv.js'

t.test('every cell is quoted and its quotes doubled; line breaks stay inside the cell', async (t) => {
  t.equal(csvCell('Ann "Annie" Lee'), '"Ann ""Annie"" Lee"')
  t.equal(csvCell('two\nlines, one cell'), '"two\nlines, one cell"')
  t.equal(csvCell(null), '""')
  t.equal(csvCell(undefined), '""')
  t.equal(csvCell(42), '"42"')
})

t.test('a cell that starts like a formula is shown as text, never run', async (t) => {
  for (const attack of ['=HYPERLINK("http://evil","x")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
    t.equal(csvCell(attack).slice(0, 2), `"'`, JSON.stringify(attack))
  }
  t.equal(csvCell('Total = 3'), '"Total = 3"', 'an equals sign later on is left alone')
})

t.test('a table is a header and its rows, CRLF-terminated; the download is named by the day', async (t) => {
  t.equal(toCsv(['a', 'b'], [[1, '=x'], ['y', null]]), `"a","b"\r\n"1","'=x"\r\n"y",""\r\n`)
  t.same(csvDownloadHeaders('orders', '2026-11-26'), { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="orders-2026-11-26.csv"' })
})
