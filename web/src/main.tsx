/**
 * The first script of every page: renders (or hydrates) the page.
 *
 * Public pages arrive pre-rendered (scripts/prerender.mjs) and React takes over that markup as it
 * is: hydrateRoot, inside startTransition, so React hydrates in slices of a few milliseconds and
 * yields to the browser in between instead of one long task that blocks the page. React listens
 * for events from the moment hydrateRoot is called: a tap on a part not hydrated yet makes React
 * hydrate that part at once and then hand it the tap, so no early tap is lost. The page's own code
 * loads lazily (app/router.tsx): until it is in, its pre-rendered markup stays as it is, and the
 * frame around it (header, footer) hydrates meanwhile.
 * Other pages (and `npm run dev`) arrive as an empty shell and render here.
 */
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'

import { App } from './app'
import { loadPageAt } from './app/router'
import { adoptServerStyles } from './app/server-styles'
import { activateLocale, setSpanishLoader } from './i18n/i18n'
import { htmlLang, localeFromPath, type Locale } from './i18n/locale'
import { warmIntlOffThread } from './lib/intl-warm'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const root = container

function start(locale: Locale) {
  activateLocale(locale)
  document.documentElement.lang = htmlLang[locale]
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  )
  if (root.firstElementChild) {
    // styled-components takes the server's style sheet over before the first render (app/server-styles.ts).
    adoptServerStyles()
    startTransition(() => {
      hydrateRoot(root, app)
    })
  } else createRoot(root).render(app)
}

const locale = localeFromPath(window.location.pathname)

// The page's code (and on Spanish pages its Spanish texts) is asked for now, with the frame's.
const loadPage = () => void loadPageAt(window.location.pathname, locale).catch(() => undefined)
// The browser's number and date formatting data, loaded on another thread (lib/intl-warm.ts), so
// the page's first price or date costs less on this one. Nothing waits for it.
warmIntlOffThread(locale === 'es' ? 'es-US' : 'en-US')

// Spanish pages load the Spanish texts of the modules loaded so far (the frame's; chunks English
// pages never fetch) before the first render, so hydration renders the same Spanish text as the
// pre-rendered HTML. English pages hydrate at once, in the task that evaluated the scripts.
if (locale === 'es') {
  void import('./i18n/spanish')
    .then(({ loadDeclaredSpanish }) => {
      setSpanishLoader(loadDeclaredSpanish)
      loadPage()
      return loadDeclaredSpanish()
    })
    .then(() => start(locale))
} else {
  loadPage()
  start(locale)
}
