// A part of the site's code that src/main.tsx evaluates in a task of its own: the chunk of the data
// and text libraries (swr, @lingui/core; see renderer.ts for why a binding and not the library).
export { default } from 'swr'
export { i18n } from '@lingui/core'
