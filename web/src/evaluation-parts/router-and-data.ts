// A part of the site's code that src/main.tsx evaluates in a task of its own: the chunk of the router
// and the data and text libraries (react-router, swr, @lingui/core; see renderer.ts for why bindings
// and not the libraries). One chunk rather than two: as two it was ~1 KB more gzip on every page.
export { Link } from 'react-router-dom'
export { default } from 'swr'
export { i18n } from '@lingui/core'
