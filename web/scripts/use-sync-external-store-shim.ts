// Stands in for 'use-sync-external-store/shim' (imported by swr for React < 18): React 19 has the
// hook built in, so the shim's fallback code need not ship (vite.config.ts, resolve.alias).
export { useSyncExternalStore } from 'react'
