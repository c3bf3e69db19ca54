import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'

import { App } from './app'
import { beginDeferredHydration } from './lib/hydrate-later'
import { warmIntlOffThread } from './lib/intl-warm'
import { loadPageAt } from './app/router'
import { adoptServerStyles } from './app/server-styles'
import { activateLocale, setSpanishLoader } from './i18n/i18n'
import { htmlLang, localeFromPath, type Locale } from './i18n/locale'

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
  // Public pages arrive pre-rendered (scripts/prerender.mjs): the renderer (Preact under React's
  // API, vite.config.ts) takes over that markup as it is. Preact's startTransition runs its callback
  // at once (it has no time slicing), so hydration is one task; it is a short one (Preact and no
  // React scheduler). Kept as a transition so the code says what it means under either renderer.
  // Other pages (and `npm run dev`) arrive as an empty shell and render here.
  // Hydration runs in a task of its own, after the one that evaluated the modules: together they
  // made one long task, during which the page could not answer a tap.
  if (root.firstElementChild) {
    setTimeout(() => {
      beginDeferredHydration()
      startTransition(() => {
        hydrateRoot(root, app)
      })
    }, 0)
  } else createRoot(root).render(app)
}

// Spanish pages load the Spanish texts of the modules loaded so far (the frame's; chunks English
// pages never fetch) before the first render, so hydration renders the same Spanish text as the
// pre-rendered HTML. Then the page's own code and texts load (loadPageAt), so the page is in when
// hydration starts; if that fails (a deploy replaced the chunk), the page's error view says so.
const locale = localeFromPath(window.location.pathname)

// The page's first number or date format (prices, dates, counts) is cheap once another thread has
// loaded the browser's formatting data (lib/intl-warm.ts); hydration waits for that, briefly.
const intlReady = warmIntlOffThread(locale === 'es' ? 'es-US' : 'en-US')
const spanishReady =
  locale === 'es'
    ? import('./i18n/spanish').then(({ loadDeclaredSpanish }) => {
        setSpanishLoader(loadDeclaredSpanish)
        return loadDeclaredSpanish()
      })
    : Promise.resolve()
// Work the first render needs, each in a task of its own rather than in the one that evaluated the
// scripts or the one that hydrates: taking the server's styles over (app/server-styles.ts), and the
// number react-router's BrowserRouter gives the first history entry (it calls replaceState as it is
// created; finding the entry numbered, it leaves it as it is).
const inTask = (work: () => void) => new Promise<void>((resolve) => setTimeout(() => resolve(work()), 0))
const preparedForRender = inTask(adoptServerStyles).then(() =>
  inTask(() => {
    if ((window.history.state ?? { idx: null }).idx == null) window.history.replaceState({ ...window.history.state, idx: 0 }, '')
  }),
)

void Promise.all([spanishReady, intlReady, preparedForRender])
  // The page's own modules are evaluated in a task of their own: right after the app's, in the
  // same task (they are preloaded, so their import settles at once), the two made one long task.
  .then(() => inTask(() => {}))
  .then(() => loadPageAt(window.location.pathname, locale).catch(() => undefined))
  .then(() => start(locale))
