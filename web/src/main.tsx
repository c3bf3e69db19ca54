import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'

import { App } from './app'

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

const app = (
  <StrictMode>
    <App />
  </StrictMode>
)

// Public pages arrive pre-rendered (scripts/prerender.mjs): React takes over that markup as it is.
// As a transition, so React hydrates in slices of a few milliseconds and yields to the browser in
// between (the visitor's input included) instead of one long task that blocks the page.
// Other pages (and `npm run dev`) arrive as an empty shell and render here.
if (container.firstElementChild) {
  startTransition(() => {
    hydrateRoot(container, app)
  })
} else createRoot(container).render(app)
