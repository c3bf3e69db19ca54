// Kept free of React, browser APIs and the '@/' alias: the pre-render step uses it in Node.

/**
 * A pre-rendered page paints from its HTML and styles alone; its scripts only make it interactive.
 * Browsers fetch module scripts and modulepreloads at high priority, as if they blocked rendering
 * (and Lighthouse counts them as if they did): on a slow connection they would take the bandwidth
 * before the page's image. Asked for at low priority, they come after what the first paint needs.
 * Only for pre-rendered pages: the shell of the other routes (dist/index.html) shows nothing
 * until its scripts run.
 */
export function withLowPriorityScripts(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")((?:(?!fetchpriority)[^>])*?)(\s*\/?)>/g, '<$1$2 fetchpriority="low"$3>')
}
