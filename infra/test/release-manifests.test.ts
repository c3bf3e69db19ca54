import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAllDocuments } from 'yaml'
import { check } from './support/checks.js'

/**
 * A release is "set the image tag, apply the overlay". Rendered for two tags, the production overlay
 * must differ only in fields Kubernetes lets `kubectl apply` change in place (a Deployment's pod
 * template), hold no Job (whose template is immutable and would have to be deleted by hand), and
 * run each service's migrations of the new image before that image's server starts.
 */
const K8S = fileURLToPath(new URL('../../k8s/', import.meta.url))
const IMAGE = 'registry.example.com/hearing-care/platform'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered YAML is walked dynamically
type Obj = Record<string, any>

function renderRelease(tag: string): Obj[] {
  const root = mkdtempSync(path.join(tmpdir(), 'release-'))
  try {
    writeFileSync(path.join(root, 'kustomization.yaml'), `resources: [${path.relative(root, path.join(K8S, 'overlays/production'))}]\nimages:\n  - name: ${IMAGE}\n    newTag: "${tag}"\n`)
    const out = spawnSync('kubectl', ['kustomize', '--load-restrictor=LoadRestrictionsNone', root], { encoding: 'utf8', timeout: 60_000 })
    if (out.status !== 0) throw new Error(`kubectl kustomize: ${out.stderr}`)
    return parseAllDocuments(out.stdout).map((d) => d.toJS() as Obj).filter(Boolean)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}

/** Paths (a.b[0].c) at which two values differ. */
function differences(a: unknown, b: unknown, at = ''): string[] {
  if (a === b) return []
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return [at]
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  return [...keys].flatMap((k) => differences((a as Obj)[k], (b as Obj)[k], Array.isArray(a) ? `${at}[${k}]` : at ? `${at}.${k}` : k))
}

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' })
const noKubectl = kubectl.error || kubectl.status !== 0 ? 'kubectl is not installed' : false

check('two releases of the production overlay apply one over the other with no manual step', { skip: noKubectl }, async (t) => {
  const before = renderRelease('1.4.0')
  const after = renderRelease('1.5.0')
  const id = (o: Obj) => `${o.kind}/${o.metadata?.name}`
  t.same(after.map(id).sort(), before.map(id).sort(), 'the same objects: nothing to delete, nothing left behind')
  t.same(after.filter((o) => o.kind === 'Job' || o.kind === 'CronJob').map(id), [], 'no Job (its pod template cannot change, so each release would need it deleted first)')

  const changed: string[] = []
  for (const next of after) {
    const previous = before.find((o) => id(o) === id(next))
    for (const where of differences(previous, next)) changed.push(`${id(next)} ${where}`)
  }
  const inPlace = /^Deployment\/[a-z-]+ spec\.template\.spec\.(initContainers|containers)\[\d+\]\.image$/
  t.ok(changed.length > 0, 'the release changes something')
  t.same(changed.filter((c) => !inPlace.test(c)), [], 'only Deployments\' container images change: a rolling update, applied in place')

  for (const deployment of after.filter((o) => o.kind === 'Deployment')) {
    const pod = deployment.spec.template.spec as Obj
    const images = [...(pod.initContainers ?? []), ...pod.containers].map((c: Obj) => c.image)
    t.ok(images.every((i: string) => i === `${IMAGE}:1.5.0`), `${deployment.metadata.name}: every container of the new pods runs the new image`)
    if (deployment.metadata.name === 'gateway') continue
    const migrate = (pod.initContainers ?? []).find((c: Obj) => c.name === 'migrate')
    t.match(migrate?.command?.join(' '), /^node services\/[a-z-]+\/dist\/migrate\.js$/, `${deployment.metadata.name}: the new image's migrations run before its server starts`)
    t.equal(deployment.spec.template.spec.containers[0].readinessProbe?.httpGet?.path, '/readyz', `${deployment.metadata.name}: and it takes traffic only once /readyz (which checks the schema) answers`)
    t.equal(deployment.spec.strategy?.rollingUpdate?.maxUnavailable, 0, `${deployment.metadata.name}: the previous release keeps serving until the new pods are ready`)
  }
})
