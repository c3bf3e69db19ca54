// Lint: typescript-eslint's recommended rules plus the import boundaries the design rests on.
// `npm test` runs it (as the "lint" suite); `npm run lint` alone.
import { readdirSync } from 'node:fs'
import tseslint from 'typescript-eslint'
import { importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

const dirs = (parent) =>
  readdirSync(new URL(parent, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

/** Shared packages every process may import: the kit (service plumbing) and the contracts (API shapes, practice data). */
const SHARED = ['kit', 'contracts']
const SERVICES = dirs('./services/').filter((name) => !SHARED.includes(name))
const FEATURES = dirs('./web/src/features/')

/** Services talk over HTTP or queues, never through each other's code; the shared packages serve all. */
const serviceZones = SERVICES.map((service) => ({
  target: `./services/${service}`,
  from: ['./services', './gateway', './web'],
  except: [`./${service}`, ...SHARED.map((name) => `./${name}`)],
  message: 'A service imports only the kit and the contracts (and its own code): call other services over HTTP or a queue.',
}))

/** Web features are independent: shared parts live in web/src/components, lib or content. */
const featureZones = FEATURES.map((feature) => ({
  target: `./web/src/features/${feature}`,
  from: './web/src/features',
  except: [`./${feature}`],
  message: 'A feature does not import another feature: move the shared part to components/ or lib/.',
}))

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/dist-ssr/**', '**/.tap/**', '**/coverage/**', '**/test-results/**', '**/*.d.ts', '.data/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'web/tsconfig.json', 'infra/tsconfig.e2e.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-relative-packages': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serviceZones,
            ...featureZones,
            { target: './services/kit/src', from: './infra', message: 'The kit ships in the image; infra (launcher, tests) does not.' },
            { target: './gateway/src', from: './services', except: SHARED.map((name) => `./${name}`), message: 'The gateway reaches services over HTTP only.' },
            { target: './services/contracts/src', from: ['./services', './gateway', './web', './infra'], except: ['./contracts'], message: 'The contracts depend on nothing of ours: the SPA bundles them.' },
            { target: './web/src', from: './services', except: ['./contracts'], message: 'The SPA talks to the API over HTTP only (it shares the contracts).' },
            { target: './web/src', from: ['./gateway', './infra'], message: 'The SPA talks to the API over HTTP only.' },
          ],
        },
      ],
      // Unused names are dead code; a leading underscore marks a deliberately ignored one.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
)
