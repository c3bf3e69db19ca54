// A part of the site's code that src/main.tsx evaluates in a task of its own: the router's chunk
// (see renderer.ts for why a binding and not the library).
export { Link } from 'react-router-dom'
