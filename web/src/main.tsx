/**
 * The first script of every page: it evaluates the site's code a part per task, then boot.tsx
 * renders (or hydrates) the page.
 *
 * Why in parts: the browser evaluates a script and everything it imports in one task, and while
 * that runs the page cannot answer a tap. The renderer, the router, the styling library, the data
 * libraries and the app's own frame together took one task of 35-60 ms on the project's test
 * machine (four times that on a mid-range phone). Each part below is a chunk of its own
 * (vite.config.ts, `evaluationParts`), asked for with the page (the build lists them all as
 * module preloads in index.html), so importing it costs no round trip: only its evaluation, in a
 * task of its own, with the parts before it already evaluated.
 */
const parts: Array<() => Promise<unknown>> = [
  () => import('./evaluation-parts/renderer'),
  () => import('./evaluation-parts/router-and-data'),
  () => import('./evaluation-parts/styles'),
  () => import('./app/provider'),
  () => import('./boot'),
]

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

void (async () => {
  for (const part of parts) {
    await part()
    await nextTask()
  }
})()
