import '@testing-library/jest-dom/vitest'

import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// findBy… waits for what a user waits for (a toast loads its code on first use): on a busy
// machine that can take longer than the default second.
configure({ asyncUtilTimeout: 5000 })

// Each test renders into a fresh document and brings its own network stub.
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})
