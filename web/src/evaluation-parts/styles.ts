// A part of the site's code that src/main.tsx evaluates in a task of its own: styled-components'
// chunk (see renderer.ts for why a binding and not the library).
export { default } from 'styled-components'
