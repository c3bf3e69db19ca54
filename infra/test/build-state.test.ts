import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import t, { type Test } from 'tap'
import { REPO_ROOT } from '../src/launcher/paths.js'

// Plain JavaScript run before anything is built (`npm start`), so imported by its URL.
const { buildIsCurrent } = (await import(pathToFileURL(path.join(REPO_ROOT, 'infra/bin/build-state.mjs')).href)) as { buildIsCurrent: (root: string) => boolean }

/** A repository of two projects, each built at `builtAt` from sources last changed at `changedAt` (seconds). */
function repository(t: Test, changedAt = 1000, builtAt = 2000) {
  const root = mkdtempSync(path.join(tmpdir(), 'hc-build-state-'))
  t.teardown(() => rmSync(root, { recursive: true, force: true }))
  const file = (rel: string, text: string, at: number) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
    writeFileSync(path.join(root, rel), text)
    utimesSync(path.join(root, rel), at, at)
  }
  file('tsconfig.json', JSON.stringify({ files: [], references: [{ path: 'a' }, { path: 'b' }] }), changedAt)
  file('tsconfig.base.json', '{}', changedAt)
  for (const project of ['a', 'b']) {
    file(`${project}/tsconfig.json`, '{}', changedAt)
    file(`${project}/src/index.ts`, 'export const x = 1', changedAt)
    file(`${project}/src/more/other.ts`, 'export const y = 2', changedAt)
    for (const dir of ['src/more', 'src']) utimesSync(path.join(root, project, dir), changedAt, changedAt)
    file(`${project}/dist/index.js`, 'export const x = 1', builtAt)
    file(`${project}/tsconfig.tsbuildinfo`, '{}', builtAt)
  }
  const touch = (rel: string, at = 3000) => utimesSync(path.join(root, rel), at, at)
  return { root, touch }
}

t.test('the build counts as current only when every project was built after its sources and configs last changed', async (t) => {
  const { root } = repository(t)
  t.equal(buildIsCurrent(root), true, 'built after every change: current')

  const cases: Array<[string, (repo: ReturnType<typeof repository>) => void]> = [
    ['a source edited since', ({ touch }) => touch('b/src/more/other.ts')],
    ['a source added or removed since (its folder changed)', ({ touch }) => touch('a/src/more')],
    ["a project's config changed since", ({ touch }) => touch('a/tsconfig.json')],
    ['the shared config changed since', ({ touch }) => touch('tsconfig.base.json')],
    ['a project never built', ({ root }) => rmSync(path.join(root, 'b/tsconfig.tsbuildinfo'))],
    ["a project's output removed", ({ root }) => rmSync(path.join(root, 'a/dist'), { recursive: true })],
    ['a root config that cannot be read', ({ root }) => writeFileSync(path.join(root, 'tsconfig.json'), '{ not json')],
  ]
  for (const [what, change] of cases) {
    const repo = repository(t)
    change(repo)
    t.equal(buildIsCurrent(repo.root), false, `${what}: stale (tsc -b runs)`)
  }
})

t.test('this repository right after its build counts as current', async (t) => {
  // `npm test` builds first; a start then skips the compiler.
  t.equal(buildIsCurrent(REPO_ROOT), true, 'the file times agree with tsc -b: nothing to build')
})
