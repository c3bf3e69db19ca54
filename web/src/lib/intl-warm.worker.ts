// A page's first number or date format loads the browser's ICU data (15-45 ms on this project's
// test machines, before any CPU slowdown). Done here, on a worker's thread, the data is loaded for
// the whole renderer process, and the page's own first format takes well under a millisecond.
const locale = self.name || 'en-US'
new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1)
new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(0)
// Done: the worker ends itself (the page does not stop it, which could cut its script's download short).
close()
