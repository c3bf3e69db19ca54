// A part of the site's code that src/main.tsx evaluates in a task of its own: the renderer's chunk.
// It re-exports one binding the site uses anyway, so the build keeps the library tree-shaken (a
// dynamic import of the library itself would keep all of it).
export { createElement } from 'react'
