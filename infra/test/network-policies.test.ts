import { spawnSync } from 'node:child_process'
import { BlockList, isIPv4 } from 'node:net'
import { fileURLToPath } from 'node:url'
import { parseAllDocuments } from 'yaml'
import { check } from './support/checks.js'

/**
 * The network policies of the production overlay, as kustomize renders them, evaluated the way a
 * CNI applies them (a connection passes when a policy selecting the pod allows it; none selecting
 * it means open): who may call each process, and where each may connect. The in-cluster addresses
 * each process is configured with come from the rendered ConfigMap, so a new call between services
 * that the policies forget fails here.
 */
const K8S = fileURLToPath(new URL('../../k8s/', import.meta.url))

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rendered YAML is walked dynamically
type Obj = Record<string, any>
type Labels = Record<string, string>
interface Peer {
  /** A pod of the platform's namespace, or of another namespace. */
  pod?: Labels
  namespace?: string
  /** An address outside the cluster. */
  ip?: string
}

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' })
const noKubectl = kubectl.error || kubectl.status !== 0 ? 'kubectl is not installed' : false
const rendered = noKubectl ? [] : parseAllDocuments(spawnSync('kubectl', ['kustomize', `${K8S}overlays/production`], { encoding: 'utf8', timeout: 60_000 }).stdout).map((d) => d.toJS() as Obj).filter(Boolean)
const NAMESPACE = rendered.find((o) => o.kind === 'Namespace')?.metadata.name as string
const policies = rendered.filter((o) => o.kind === 'NetworkPolicy')
const deployments = rendered.filter((o) => o.kind === 'Deployment')
const configMap = rendered.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'platform-config')?.data as Record<string, string> | undefined

function selects(selector: Obj | undefined, labels: Labels): boolean {
  if (!selector) return false
  for (const [k, v] of Object.entries((selector.matchLabels ?? {}) as Labels)) if (labels[k] !== v) return false
  for (const { key, operator, values = [] } of (selector.matchExpressions ?? []) as Obj[]) {
    if (operator === 'In' && !values.includes(labels[key])) return false
    if (operator === 'NotIn' && values.includes(labels[key])) return false
    if (operator === 'Exists' && !(key in labels)) return false
    if (operator === 'DoesNotExist' && key in labels) return false
  }
  return true
}

function peerMatches(entry: Obj, peer: Peer): boolean {
  if (entry.ipBlock) {
    if (!peer.ip || !isIPv4(peer.ip)) return false
    const [net, bits] = (entry.ipBlock.cidr as string).split('/')
    const inside = new BlockList()
    inside.addSubnet(net!, Number(bits))
    const except = new BlockList()
    for (const cidr of (entry.ipBlock.except ?? []) as string[]) except.addSubnet(cidr.split('/')[0]!, Number(cidr.split('/')[1]))
    return inside.check(peer.ip) && !except.check(peer.ip)
  }
  if (!peer.pod) return false
  const namespace = peer.namespace ?? NAMESPACE
  const nsOk = entry.namespaceSelector ? selects(entry.namespaceSelector, { 'kubernetes.io/metadata.name': namespace }) : namespace === NAMESPACE
  const podOk = entry.podSelector ? selects(entry.podSelector, peer.pod) : true
  return nsOk && podOk
}

const portMatches = (rule: Obj, port: number, protocol: string) =>
  !rule.ports || (rule.ports as Obj[]).some((p) => (p.port === undefined || p.port === port) && (p.protocol ?? 'TCP') === protocol)

/** Whether the policies let `from` open a connection to `to` on `port`: egress of the one and ingress of the other. */
function allowed(from: Peer, to: Peer, port: number, protocol = 'TCP'): boolean {
  const direction = (pod: Labels, type: 'Ingress' | 'Egress', other: Peer) => {
    const applying = policies.filter((p) => selects(p.spec.podSelector, pod) && (p.spec.policyTypes ?? ['Ingress']).includes(type))
    if (applying.length === 0) return true
    const rules = applying.flatMap((p) => (type === 'Ingress' ? p.spec.ingress : p.spec.egress) ?? []) as Obj[]
    const peers = (rule: Obj) => (type === 'Ingress' ? rule.from : rule.to) as Obj[] | undefined
    return rules.some((rule) => portMatches(rule, port, protocol) && (!peers(rule) || peers(rule)!.some((e) => peerMatches(e, other))))
  }
  const out = !from.pod || from.namespace !== undefined || direction(from.pod, 'Egress', to)
  const into = !to.pod || to.namespace !== undefined || direction(to.pod, 'Ingress', from)
  return out && into
}

const app = (name: string): Peer => ({ pod: { app: name } })
const APPS = deployments.map((d) => d.metadata.name as string).sort()
const INTERNET = { ip: '203.0.113.10' }
const DNS = { pod: { 'k8s-app': 'kube-dns' }, namespace: 'kube-system' }
const DATABASE = { ip: '10.20.30.40' }
const httpPort = (name: string) => Number(deployments.find((d) => d.metadata.name === name)?.spec.template.spec.containers[0].ports.find((p: Obj) => p.name === 'http').containerPort)
/** Which processes may open a connection to `to`'s http port. */
const callersOf = (to: string) => APPS.filter((from) => from !== to && allowed(app(from), app(to), httpPort(to)))

/** The in-cluster services a process is configured to call: http://<service>:<port> values of its ConfigMap variables. */
function configuredCalls(deployment: Obj): string[] {
  const env = deployment.spec.template.spec.containers[0].env as Obj[]
  return env.flatMap((e) => {
    const key = e.valueFrom?.configMapKeyRef?.key as string | undefined
    const value = key ? configMap?.[key] : e.value
    const host = value && /^https?:\/\//.test(value) ? new URL(value).hostname : undefined
    return host && APPS.includes(host) ? [host] : []
  })
}

const EXPECTED_CALLERS: Record<string, string[]> = {
  identity: ['catalogue', 'content', 'gateway', 'messaging-sync', 'messaging-sync-worker', 'scheduling'],
  scheduling: ['gateway', 'identity'],
  'messaging-sync': ['catalogue', 'gateway', 'identity', 'scheduling'],
  catalogue: ['content', 'gateway', 'identity'],
  content: ['gateway', 'identity'],
  'messaging-sync-worker': [],
}

check('the production overlay renders one network policy per process, a default deny and the metrics scrape', { skip: noKubectl }, async (t) => {
  t.ok(NAMESPACE, 'the overlay has its namespace')
  t.same(APPS, ['catalogue', 'content', 'gateway', 'identity', 'messaging-sync', 'messaging-sync-worker', 'scheduling'], 'the processes')
  for (const name of APPS) t.equal(policies.filter((p) => p.metadata.name === name && selects(p.spec.podSelector, { app: name })).length, 1, `${name}: a policy of its own`)
  const deny = policies.find((p) => Object.keys(p.spec.podSelector).length === 0)
  t.same(deny?.spec, { podSelector: {}, policyTypes: ['Ingress', 'Egress'] }, 'every pod: nothing in or out unless allowed')
  t.notOk(policies.some((p) => (p.spec.podSelector.matchExpressions ?? []).length > 0 && p.metadata.name !== 'metrics'), 'no policy shared by several processes but the metrics scrape')
})

for (const [to, callers] of Object.entries(EXPECTED_CALLERS)) {
  const title = callers.length ? `${to} accepts calls only from ${callers.join(', ')}` : `${to} accepts no calls`
  check(title, { skip: noKubectl }, async (t) => {
    t.same(callersOf(to), callers, 'exactly these processes reach its http port')
    t.notOk(allowed({ pod: { app: 'intruder' } }, app(to), httpPort(to)), 'a pod of no known process does not')
    t.notOk(allowed({ pod: { app: 'gateway' }, namespace: 'other' }, app(to), httpPort(to)), 'nor a pod of another namespace')
    t.ok(allowed({ pod: { app: 'prometheus' }, namespace: 'monitoring' }, app(to), 9464), 'Prometheus scrapes its metrics port')
  })
}

check('the gateway accepts anyone on its http port and calls only the five services', { skip: noKubectl }, async (t) => {
  t.ok(allowed({ pod: { app: 'ingress-nginx' }, namespace: 'ingress-nginx' }, app('gateway'), httpPort('gateway')), 'the ingress controller, wherever it runs')
  t.same(APPS.filter((to) => to !== 'gateway' && allowed(app('gateway'), app(to), httpPort(to))), ['catalogue', 'content', 'identity', 'messaging-sync', 'scheduling'])
})

check('every in-cluster address a process is configured with, the policies let it call', { skip: noKubectl }, async (t) => {
  for (const deployment of deployments) {
    const from = deployment.metadata.name as string
    for (const to of configuredCalls(deployment)) t.ok(allowed(app(from), app(to), httpPort(to)), `${from} -> ${to}:${httpPort(to)}`)
  }
  t.ok(configuredCalls(deployments.find((d) => d.metadata.name === 'content')!).includes('catalogue'), 'the addresses are found (content calls catalogue)')
})

check('only identity, messaging-sync (and its workers), catalogue and content may leave the cluster, on HTTPS (and SMTP for messaging)', { skip: noKubectl }, async (t) => {
  const https = APPS.filter((name) => allowed(app(name), INTERNET, 443))
  t.same(https, ['catalogue', 'content', 'identity', 'messaging-sync', 'messaging-sync-worker'], 'HTTPS to providers (Google, Podium, Shopify)')
  t.same(APPS.filter((name) => allowed(app(name), INTERNET, 465) && allowed(app(name), INTERNET, 587)), ['messaging-sync', 'messaging-sync-worker'], 'SMTP only for the e-mail senders')
  for (const name of APPS) {
    for (const port of [80, 22, 8080, 3000]) t.notOk(allowed(app(name), INTERNET, port), `${name}: no internet on port ${port}`)
  }
  t.notOk(allowed(app('scheduling'), INTERNET, 443), 'scheduling never leaves the cluster but for the database')
  t.notOk(allowed(app('gateway'), INTERNET, 443), 'nor does the gateway')
})

check('every process reaches DNS and PostgreSQL; Redis only those configured with it', { skip: noKubectl }, async (t) => {
  for (const deployment of deployments) {
    const name = deployment.metadata.name as string
    const env = (deployment.spec.template.spec.containers[0].env as Obj[]).map((e) => e.name as string)
    t.ok(allowed(app(name), DNS, 53, 'UDP') && allowed(app(name), DNS, 53, 'TCP'), `${name}: DNS`)
    t.equal(allowed(app(name), DATABASE, 5432), env.includes('DATABASE_URL'), `${name}: PostgreSQL ${env.includes('DATABASE_URL') ? 'yes' : 'no'}`)
    t.equal(allowed(app(name), DATABASE, 6379), env.includes('REDIS_URL'), `${name}: Redis ${env.includes('REDIS_URL') ? 'yes' : 'no'}`)
    t.notOk(allowed(app(name), { pod: { app: 'x' }, namespace: 'other' }, 53, 'UDP'), `${name}: no DNS elsewhere than kube-dns`)
  }
})
