import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAllDocuments } from 'yaml'
import { check, type Checks } from './support/checks.js'

/**
 * Every Kubernetes object of k8s/ is checked against the OpenAPI schema of a current Kubernetes
 * release (the kubernetes-models package, whose definitions include 1.31's image volumes): the files as written, and
 * the base and every overlay as kustomize renders them (when kubectl is installed), each distinct
 * object validated once. The agreement
 * of the manifests with the code is deploy-manifests.test.ts's business.
 */
const K8S = fileURLToPath(new URL('../../k8s/', import.meta.url))

interface K8sObject {
  apiVersion: string
  kind: string
  metadata?: { name?: string }
  /** Autoscalers name what they scale. */
  spec?: { scaleTargetRef?: { name?: string } }
}

interface Validatable {
  validate(): void
}

/** Models of the custom resources the optional components use, by API group. */
const CUSTOM_RESOURCE_MODELS: Record<string, string> = { 'keda.sh': '@kubernetes-models/keda' }

/** kubernetes-models' class for an apiVersion and kind, e.g. apps/v1 Deployment (or keda.sh/v1alpha1 ScaledObject). */
async function modelFor({ apiVersion, kind }: K8sObject): Promise<(new (data: object) => Validatable) | undefined> {
  const custom = CUSTOM_RESOURCE_MODELS[apiVersion.split('/')[0]!]
  try {
    const mod = (await import(`${custom ?? 'kubernetes-models'}/${apiVersion}/${kind}`)) as Record<string, new (data: object) => Validatable>
    return mod[kind]
  } catch {
    return undefined
  }
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return yamlFiles(full)
    return /\.ya?ml$/.test(name) && name !== 'kustomization.yaml' ? [full] : []
  })
}

/** Each distinct object is validated once: the files, the rendered base, overlays and components share most of theirs. */
const verdicts = new Map<string, Promise<string | undefined>>()

async function verdictOn(object: K8sObject): Promise<string | undefined> {
  const Model = await modelFor(object)
  if (!Model) return `${object.apiVersion} ${object.kind} is not a kind of current Kubernetes`
  try {
    new Model(object).validate()
    return undefined
  } catch (err) {
    return (err as Error).message
  }
}

async function validateAll(t: Checks, objects: K8sObject[], where: string) {
  for (const object of objects) {
    const key = JSON.stringify(object)
    let verdict = verdicts.get(key)
    if (!verdict) verdicts.set(key, (verdict = verdictOn(object)))
    const problem = await verdict
    const name = `${where}: ${object.kind} ${object.metadata?.name ?? '(no name)'}`
    if (problem) t.fail(`${name}: ${problem}`)
    else t.pass(`${name} matches the Kubernetes schema`)
  }
}

const objectsOf = (text: string) =>
  parseAllDocuments(text)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => o !== null && typeof o === 'object')

check('every object in the files of k8s/ matches the Kubernetes schema', async (t) => {
  const files = yamlFiles(K8S)
  t.ok(files.length >= 10, 'the manifests are found')
  for (const file of files) await validateAll(t, objectsOf(readFileSync(file, 'utf8')), path.relative(K8S, file))
})

check('a manifest the schema refuses is caught (the check can fail)', async (t) => {
  const Model = await modelFor({ apiVersion: 'apps/v1', kind: 'Deployment' })
  const broken = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'x' }, spec: { selector: {}, template: { spec: { containers: [{ name: 'c', image: 'i', ports: [{ containerPort: 'http' }] }] } } } }
  t.throws(() => new Model!(broken).validate(), /containerPort must be integer/)
  t.equal(await modelFor({ apiVersion: 'apps/v1', kind: 'Deploymnet' }), undefined, 'a misspelt kind is not found')
  const ScaledObject = await modelFor({ apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject' })
  t.throws(() => new ScaledObject!({ apiVersion: 'keda.sh/v1alpha1', kind: 'ScaledObject', metadata: { name: 'x' }, spec: { triggers: [] } }).validate(), /scaleTargetRef/, 'KEDA objects are checked too')
})

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' })
const noKubectl = kubectl.error || kubectl.status !== 0 ? 'kubectl is not installed' : false
const overlays = readdirSync(path.join(K8S, 'overlays')).map((name) => `overlays/${name}`)
const components = readdirSync(path.join(K8S, 'components'))

const rendered = new Map<string, { status: number | null; stdout: string; stderr: string }>()
/** What kustomize renders for a directory of k8s/, or for the base with one optional component (rendered once each). */
function kustomize(dir: string, component?: string): { status: number | null; stdout: string; stderr: string } {
  const key = `${dir}+${component ?? ''}`
  if (!rendered.has(key)) rendered.set(key, render(dir, component))
  return rendered.get(key)!
}

function render(dir: string, component?: string): { status: number | null; stdout: string; stderr: string } {
  let root = path.join(K8S, dir)
  if (component) {
    // An overlay of our own outside the tree (hence no load restrictions): the base plus the component.
    root = mkdtempSync(path.join(tmpdir(), 'kustomize-'))
    const from = (...parts: string[]) => path.relative(root, path.join(K8S, ...parts))
    writeFileSync(path.join(root, 'kustomization.yaml'), `resources: [${from(dir)}]\ncomponents: [${from('components', component)}]\n`)
  }
  const out = spawnSync('kubectl', ['kustomize', '--load-restrictor=LoadRestrictionsNone', root], { encoding: 'utf8', timeout: 60_000 })
  if (component) rmSync(root, { recursive: true, force: true })
  return { status: out.status, stdout: out.stdout ?? '', stderr: out.stderr ?? '' }
}

check('the base and every overlay, as kustomize renders them, match the Kubernetes schema', { skip: noKubectl }, async (t) => {
  for (const dir of ['base', ...overlays]) {
    const out = kustomize(dir)
    t.equal(out.status, 0, `kubectl kustomize k8s/${dir}${out.stderr ? `: ${out.stderr.trim()}` : ''}`)
    await validateAll(t, objectsOf(out.stdout), `k8s/${dir} rendered`)
  }
})

check('the base with each optional component, as kustomize renders it, matches the schemas', { skip: noKubectl }, async (t) => {
  t.ok(components.length >= 2, 'the components are found')
  for (const component of components) {
    const out = kustomize('base', component)
    t.equal(out.status, 0, `kubectl kustomize k8s/base + components/${component}${out.stderr ? `: ${out.stderr.trim()}` : ''}`)
    await validateAll(t, objectsOf(out.stdout), `k8s/base + components/${component} rendered`)
  }
  const withKeda = objectsOf(kustomize('base', 'keda').stdout)
  const targetsOf = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind).map((o) => o.spec?.scaleTargetRef?.name).sort()
  const autoscaled = (objects: K8sObject[]) => targetsOf(objects, 'HorizontalPodAutoscaler')
  const scaledByKeda = targetsOf(withKeda, 'ScaledObject')
  t.same(scaledByKeda, ['messaging-sync-worker'], 'with KEDA: the queue workers scale on queue depth')
  t.same(autoscaled(withKeda), autoscaled(objectsOf(kustomize('base').stdout)).filter((name) => name !== 'messaging-sync-worker'), 'and their CPU autoscaler of the base is gone, the others stay')
})
