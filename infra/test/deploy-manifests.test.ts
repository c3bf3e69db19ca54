/**
 * No Docker engine or Kubernetes cluster runs these files in CI, so this test reads them and checks
 * that they agree with the code: Dockerfile, .dockerignore, docker-compose.yml, k8s/**, .env.example
 * and infra/scripts/migrate-all.sh against each process's compiled configuration schema
 * (`configSchema` in <dir>/dist/config.js: run `npx tsc -b` at the repository root first), its entry
 * points and its health routes.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parse, parseAllDocuments } from 'yaml'
import { SERVICE_REGISTRY } from '@hearing/contracts'
import { check, type Checks } from './support/checks.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const rel = (...parts: string[]) => path.join(ROOT, ...parts)
const read = (...parts: string[]) => readFileSync(rel(...parts), 'utf8')

// ---------------------------------------------------------------------------------------------
// The processes, as ARCHITECTURE.md and the root package.json define them
// ---------------------------------------------------------------------------------------------

interface Proc {
  name: string
  dir: string
  kind: 'service' | 'gateway' | 'worker'
  /** What the container runs, under dir (default dist/server.js). */
  entry?: string
}
const SERVICES: Proc[] = SERVICE_REGISTRY.map(({ name, dir }) => ({ name, dir, kind: 'service' }))
const GATEWAY: Proc = { name: 'gateway', dir: 'gateway', kind: 'gateway' }
const PROCESSES: Proc[] = [...SERVICES, GATEWAY]
/** On Kubernetes messaging-sync's queue workers run apart from its API, so they can scale on their own. */
const MESSAGING_WORKER: Proc = { name: 'messaging-sync-worker', dir: 'services/messaging-sync', kind: 'worker', entry: 'dist/worker.js' }
const DEPLOYMENTS: Proc[] = [...PROCESSES, MESSAGING_WORKER]
const entryOf = (proc: Proc) => `${proc.dir}/${proc.entry ?? 'dist/server.js'}`
/** Variables only the launcher, docker compose or the test tooling read (documented in .env.example too). */
const TOOLING_VARS = new Set([
  'PORT', 'DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'INTERNAL_TOKEN', 'LOG_LEVEL', 'REPLICAS',
  'BACKUP_DIR', 'BACKUP_KEY', 'BACKUP_TIME', 'BACKUP_KEEP', 'BACKUP_INTERVAL_SECONDS', 'BACKUP_SCHEDULE',
  'POSTGRES_PASSWORD',
  'TEST_DATABASE_URL', 'TEST_REDIS_URL', 'TESTCONTAINERS', 'CHROMIUM_PATH', 'CHROMIUM_HEADLESS_SHELL_PATH',
])
const MIGRATE_SCRIPT = 'infra/scripts/migrate-all.sh'
const JWKS_PATH = '/.well-known/jwks.json'
const CONFIG_MAP = 'platform-config'
const SECRET = 'platform-secrets'

// ---------------------------------------------------------------------------------------------
// Configuration schemas: the compiled zod objects
// ---------------------------------------------------------------------------------------------

interface Parsed {
  success: boolean
  data?: unknown
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> }
}
interface FieldSchema {
  safeParse(value: unknown): Parsed
}
interface ObjectSchema extends FieldSchema {
  shape: Record<string, FieldSchema>
}
type Env = Record<string, string | undefined>

async function loadSchema(proc: Proc): Promise<ObjectSchema> {
  const file = rel(proc.dir, 'dist', 'config.js')
  if (!existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: run \`npx tsc -b\` at the repository root first`)
  const mod = (await import(pathToFileURL(file).href)) as { configSchema?: ObjectSchema }
  const schema = mod.configSchema
  if (!schema || typeof schema.safeParse !== 'function' || typeof schema.shape !== 'object') {
    throw new Error(`${proc.dir}/src/config.ts must export configSchema, a zod object`)
  }
  return schema
}
const schemas = new Map<string, ObjectSchema>()
for (const proc of DEPLOYMENTS) schemas.set(proc.name, await loadSchema(proc))
const schemaOf = (proc: Proc) => schemas.get(proc.name)!
const keysOf = (proc: Proc) => Object.keys(schemaOf(proc).shape)
const ALL_SCHEMA_KEYS = new Set(PROCESSES.flatMap(keysOf))

/** The value a process ends up with for one variable: what the env gives, else the schema default. */
function effective(proc: Proc, key: string, env: Env): unknown {
  const field = schemaOf(proc).shape[key]
  if (!field) throw new Error(`${proc.name}: no ${key} in its schema`)
  const result = field.safeParse(env[key])
  if (!result.success) throw new Error(`${proc.name}: ${key}=${env[key]} does not pass its schema`)
  return result.data
}
/** Variables without which the process refuses to start. */
const requiredKeys = (proc: Proc) => keysOf(proc).filter((key) => !schemaOf(proc).shape[key]!.safeParse(undefined).success)

function checkEnv(t: Checks, proc: Proc, env: Env, where: string) {
  const known = new Set(keysOf(proc))
  for (const name of Object.keys(env)) t.ok(known.has(name), `${where}: ${name} is a variable ${proc.name}'s configSchema reads`)
  for (const name of requiredKeys(proc)) t.ok(env[name] !== undefined, `${where}: required ${name} is set`)
  const parsed = schemaOf(proc).safeParse(env)
  const problems = parsed.error?.issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`) ?? []
  t.same(problems, [], `${where}: the configuration passes ${proc.name}'s configSchema`)
  t.equal(effective(proc, 'HOST', env), '0.0.0.0', `${where}: listens on 0.0.0.0 (probes and peers cannot reach 127.0.0.1)`)
}

// ---------------------------------------------------------------------------------------------
// Helpers for YAML and Kubernetes objects
// ---------------------------------------------------------------------------------------------

/** Manifests are untyped YAML: checked field by field below. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed YAML is walked dynamically
type Obj = Record<string, any>

function loadYamlDocs(file: string): Obj[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'))
  if (!Array.isArray(docs)) return []
  return docs.map((doc) => {
    if (doc.errors.length > 0) throw new Error(`${path.relative(ROOT, file)}: ${doc.errors[0]!.message}`)
    return doc.toJS() as Obj
  }).filter((doc) => doc != null)
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry)
    if (statSync(full).isDirectory()) return yamlFiles(full)
    return /\.ya?ml$/.test(entry) ? [full] : []
  })
}

interface Selector {
  matchLabels?: Record<string, string>
  matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>
}
function selects(selector: Selector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false
  for (const { key, operator, values = [] } of selector.matchExpressions ?? []) {
    const has = key in labels
    if (operator === 'In' && !(has && values.includes(labels[key]!))) return false
    if (operator === 'NotIn' && has && values.includes(labels[key]!)) return false
    if (operator === 'Exists' && !has) return false
    if (operator === 'DoesNotExist' && has) return false
  }
  return true
}

/** `http://identity:3000/x` -> { host: 'identity', port: 3000, path: '/x' }; undefined if not a URL. */
function urlParts(value: string): { host: string; port: number; path: string; protocol: string } | undefined {
  if (!/^[a-z]+:\/\//.test(value)) return undefined
  const url = new URL(value)
  const defaults: Record<string, number> = { 'http:': 80, 'https:': 443, 'postgres:': 5432, 'postgresql:': 5432, 'redis:': 6379, 'rediss:': 6379 }
  return { host: url.hostname, port: url.port ? Number(url.port) : defaults[url.protocol]!, path: url.pathname, protocol: url.protocol }
}

// ---------------------------------------------------------------------------------------------
// Source facts the deployment files must agree with
// ---------------------------------------------------------------------------------------------

check('the probed routes and the JWKS route exist in the built apps', async (t) => {
  // Built without listening: nothing connects before the first query, so a placeholder store will do.
  const env = {
    DATABASE_URL: 'postgres://probe@127.0.0.1:9/none',
    REDIS_URL: 'redis://127.0.0.1:9',
    INTERNAL_TOKEN: 'p'.repeat(32),
    SIGNING_KEY_SECRET: 's'.repeat(32),
    IDENTITY_JWKS_URL: 'http://127.0.0.1:9/jwks',
    IDENTITY_URL: 'http://127.0.0.1:9', SCHEDULING_URL: 'http://127.0.0.1:9', MESSAGING_URL: 'http://127.0.0.1:9',
    CATALOGUE_URL: 'http://127.0.0.1:9', CONTENT_URL: 'http://127.0.0.1:9',
  }
  interface Routable {
    hasRoute(route: { method: string; url: string }): boolean
    close(): Promise<unknown>
  }
  for (const proc of [...SERVICES, GATEWAY]) {
    const { buildApp } = (await import(rel(proc.dir, 'dist/app.js'))) as { buildApp(config: unknown, opts: object): Promise<Routable> }
    const { configSchema } = (await import(rel(proc.dir, 'dist/config.js'))) as { configSchema: { parse(env: unknown): unknown } }
    const app = await buildApp(configSchema.parse(env), { logLevel: false })
    for (const url of ['/healthz', '/readyz']) t.ok(app.hasRoute({ method: 'GET', url }), `${proc.name} serves GET ${url}`)
    if (proc.name === 'identity') t.ok(app.hasRoute({ method: 'GET', url: JWKS_PATH }), `identity serves ${JWKS_PATH}`)
    t.ok(existsSync(rel(proc.dir, 'dist/server.js')), `${proc.name} has dist/server.js`)
    await app.close()
  }
})


check('migrate-all.sh runs every service migration, in order', async (t) => {
  const script = read(MIGRATE_SCRIPT)
  const loop = script.match(/^for service in ([^;]+); do$/m)
  t.ok(loop, 'one loop over the services')
  t.same(loop?.[1]!.trim().split(/\s+/), SERVICES.map((s) => s.name), 'all five services, identity first')
  t.match(script, /node "services\/\$\{service\}\/dist\/migrate\.js"/, 'runs each service\'s dist/migrate.js')
  t.match(script, /^set -eu$/m, 'stops at the first failure')
  for (const svc of SERVICES) t.ok(existsSync(rel(svc.dir, 'dist/migrate.js')), `${svc.dir}/dist/migrate.js is built`)
})

// ---------------------------------------------------------------------------------------------
// Dockerfile and .dockerignore
// ---------------------------------------------------------------------------------------------

check('Dockerfile', async (t) => {
  const text = read('Dockerfile').replace(/\\\n/g, ' ')
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
  const rootPkg = JSON.parse(read('package.json')) as { workspaces: string[] }

  // npm ci needs every workspace's package.json beside the lockfile
  const copies = lines.filter((l) => /^COPY\s/.test(l) && !l.includes('--from='))
  for (const ws of rootPkg.workspaces) {
    t.ok(copies.some((l) => l === `COPY ${ws}/package.json ${ws}/`), `copies ${ws}/package.json before npm ci`)
  }
  t.ok(copies.some((l) => /^COPY package\.json package-lock\.json \.npmrc \.\/$/.test(l)), 'copies package.json, package-lock.json and .npmrc')

  const froms = lines.filter((l) => l.startsWith('FROM '))
  const nodeImage = lines.find((l) => l.startsWith('ARG NODE_IMAGE='))?.split('=')[1]
  t.equal(nodeImage, 'node:20-bookworm-slim', 'based on node:20-bookworm-slim')
  t.match(froms.at(-1), /^FROM \$\{NODE_IMAGE\} AS runtime$/, 'the last stage (what ships) is the runtime stage on that image')
  t.ok(froms.length >= 3, 'multi-stage')

  const runtime = lines.slice(lines.indexOf(froms.at(-1)!))
  t.ok(runtime.includes('ENV NODE_ENV=production'), 'NODE_ENV=production in the runtime stage')
  t.notOk(runtime.some((l) => /^RUN .*npm (ci|install)/.test(l)), 'no npm install in the runtime stage (dependencies come from prod-deps)')
  t.ok(runtime.some((l) => l === 'COPY --from=prod-deps /app ./'), 'runtime dependencies come from the prod-deps stage')
  const user = runtime.filter((l) => l.startsWith('USER ')).at(-1)
  t.equal(user, 'USER 1000:1000', 'runs as uid 1000 (the image\'s node user), as k8s runAsUser says')

  const prodDeps = lines.slice(lines.findIndex((l) => / AS prod-deps$/.test(l)), lines.indexOf(froms.at(-1)!)).join('\n')
  t.match(prodDeps, /npm ci --omit=dev/, 'the shipped node_modules has no dev dependencies')

  // every process's code, and everything besides sources a runtime workspace holds, is copied in
  const runtimeCopies = runtime.filter((l) => l.startsWith('COPY --from=build ')).map((l) => l.split(/\s+/)[2])
  const runtimeDirs = ['services/kit', ...PROCESSES.map((p) => p.dir)]
  for (const dir of runtimeDirs) t.ok(runtimeCopies.includes(`/app/${dir}/dist`), `ships ${dir}/dist`)
  t.ok(runtimeCopies.includes('/app/web/dist'), 'ships the built SPA (web/dist)')
  t.ok(runtime.includes(`COPY ${MIGRATE_SCRIPT} ${MIGRATE_SCRIPT}`), `ships ${MIGRATE_SCRIPT}`)
  const notShipped = new Set(['src', 'test', 'dist', 'node_modules', 'package.json', '.tap', 'coverage'])
  for (const dir of runtimeDirs) {
    const extras = readdirSync(rel(dir)).filter((e) => !notShipped.has(e) && !/^tsconfig.*\.json$|\.tsbuildinfo$|\.md$/.test(e))
    for (const extra of extras) {
      t.ok(runtimeCopies.includes(`/app/${dir}/${extra}`), `${dir}/${extra} (run-time data?) is copied into the runtime stage`)
    }
  }

  // The runtime stage installs only the production dependencies of these workspaces (prod-deps
  // stage). Whatever their compiled code imports must be in that closure, or it works under
  // `npm start` (full install) and crashes in the container.
  const lock = (JSON.parse(read('package-lock.json')) as { packages: Record<string, Obj> }).packages
  const shipped = new Set<string>()
  const queue = runtimeDirs.flatMap((dir) => Object.keys(lock[dir]?.dependencies ?? {}).map((name) => [name, dir] as const))
  while (queue.length > 0) {
    const [name, from] = queue.pop()!
    let key: string | undefined
    for (let dir = from; key === undefined; dir = path.posix.dirname(dir)) {
      const candidate = `${dir === '.' ? '' : `${dir}/`}node_modules/${name}`
      if (lock[candidate]) key = candidate
      else if (dir === '.') break
    }
    if (key === undefined || shipped.has(key)) continue
    shipped.add(key)
    const at = lock[key]!.link ? (lock[key]!.resolved as string) : key
    const entry = lock[at] ?? {}
    for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) queue.push([dep, at])
  }
  const shippedNames = new Set([...shipped].map((key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)))
  const jsFiles = (dir: string): string[] => readdirSync(dir).flatMap((e) => {
    const full = path.join(dir, e)
    return statSync(full).isDirectory() ? jsFiles(full) : e.endsWith('.js') ? [full] : []
  })
  for (const dir of runtimeDirs) {
    const missing = new Set<string>()
    for (const file of jsFiles(rel(dir, 'dist'))) {
      const code = readFileSync(file, 'utf8')
      for (const m of code.matchAll(/^\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
        const spec = (m[1] ?? m[2] ?? m[3])!
        if (spec.startsWith('.') || spec.startsWith('node:') || builtinModules.includes(spec)) continue
        const pkg = spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/')
        if (!shippedNames.has(pkg)) missing.add(`${pkg} (${path.relative(ROOT, file)})`)
      }
    }
    t.same([...missing], [], `every package ${dir}/dist imports ships in the image`)
  }

  const ignore = read('.dockerignore').split('\n').map((l) => l.trim())
  for (const pattern of ['**/node_modules', '**/dist', '**/*.tsbuildinfo', '.env', '.data', '.git']) {
    t.ok(ignore.includes(pattern), `.dockerignore excludes ${pattern}`)
  }
})

// ---------------------------------------------------------------------------------------------
// docker-compose.yml
// ---------------------------------------------------------------------------------------------

const composeText = read('docker-compose.yml')
const compose = parse(composeText, { merge: true }) as Obj
/** Compose interpolation with the file's own defaults, as on a machine with no .env. */
function interpolate(value: unknown, where: string): string {
  return String(value).replace(/\$\$|\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g, (match, name: string | undefined, fallback: string | undefined) => {
    if (match === '$$') return '$'
    if (fallback === undefined) throw new Error(`${where}: \${${name}} has no default`)
    return fallback
  })
}
function composeEnv(service: Obj, where: string): Env {
  const env = service.environment ?? {}
  if (Array.isArray(env)) throw new Error(`${where}: environment must be a mapping`)
  return Object.fromEntries(Object.entries(env as Obj).map(([k, v]) => [k, interpolate(v, `${where} ${k}`)]))
}

check('docker-compose.yml', async (t) => {
  const services = compose.services as Obj
  const image = services.migrate?.image
  t.ok(image, 'the migrate service names the image')

  const postgres = services.postgres
  t.match(postgres?.image, /^postgres:16/, 'Postgres 16')
  t.match(JSON.stringify(postgres?.healthcheck?.test), /pg_isready/, 'Postgres healthcheck: pg_isready')
  t.ok(postgres?.volumes?.some((v: string) => v.endsWith(':/var/lib/postgresql/data')), 'Postgres data on a volume')
  const pgEnv = composeEnv(postgres, 'postgres')

  const redis = services.redis
  t.match(redis?.image, /^redis:7/, 'Redis 7')
  const redisArgs = (redis?.command ?? []) as string[]
  const flag = (name: string) => redisArgs[redisArgs.indexOf(name) + 1]
  t.equal(flag('--appendonly'), 'yes', 'Redis keeps an append-only file')
  t.equal(flag('--maxmemory-policy'), 'noeviction', 'Redis never evicts (BullMQ queues)')
  t.ok(redis?.volumes?.some((v: string) => v.endsWith(':/data')), 'Redis data on a volume')
  t.ok(redis?.healthcheck?.test, 'Redis has a healthcheck')

  const migrate = services.migrate
  t.same(migrate?.command, ['sh', MIGRATE_SCRIPT], 'migrate runs migrate-all.sh')
  t.same(Object.keys(composeEnv(migrate, 'migrate')), ['DATABASE_URL'], 'migrate gets DATABASE_URL only')
  t.equal(migrate?.depends_on?.postgres?.condition, 'service_healthy', 'migrate waits for a healthy Postgres')
  t.equal(String(migrate?.restart), 'no', 'migrate runs once')
  const dbUrl = new URL(composeEnv(migrate, 'migrate').DATABASE_URL!)
  t.equal(dbUrl.hostname, 'postgres', 'DATABASE_URL points at the postgres service')
  t.equal(decodeURIComponent(dbUrl.username), pgEnv.POSTGRES_USER, 'DATABASE_URL user = POSTGRES_USER')
  t.equal(decodeURIComponent(dbUrl.password), pgEnv.POSTGRES_PASSWORD, 'DATABASE_URL password = POSTGRES_PASSWORD')
  t.equal(dbUrl.pathname, `/${pgEnv.POSTGRES_DB}`, 'DATABASE_URL database = POSTGRES_DB')

  const published = Object.entries(services).filter(([, s]) => (s as Obj).ports).map(([name]) => name)
  t.same(published, ['gateway'], 'only the gateway is published to the host')

  const ports = new Map<string, number>()
  for (const proc of PROCESSES) ports.set(proc.name, Number(effective(proc, 'PORT', composeEnv(services[proc.name] ?? {}, proc.name))))

  for (const proc of PROCESSES) {
    await t.test(proc.name, async (t) => {
      const svc = services[proc.name] as Obj | undefined
      if (!svc) return t.fail(`${proc.name} is a compose service`)
      t.equal(svc.image, image, 'runs the one image')
      t.same(svc.build, { context: '.', dockerfile: 'Dockerfile' }, 'built from the repository Dockerfile')
      t.same(svc.command, ['node', `${proc.dir}/dist/server.js`], `command starts ${proc.dir}/dist/server.js`)
      t.equal(svc.read_only, true, 'read-only root filesystem')
      t.same(svc.tmpfs, ['/tmp'], 'writable /tmp only')
      t.same(svc.cap_drop, ['ALL'], 'all capabilities dropped')

      const env = composeEnv(svc, proc.name)
      checkEnv(t, proc, env, `compose ${proc.name}`)
      const port = ports.get(proc.name)!
      const check = (svc.healthcheck?.test ?? []) as string[]
      t.ok(check.join(' ').includes(`http://127.0.0.1:${port}/readyz`), `healthcheck fetches /readyz on PORT ${port}`)

      for (const [key, value] of Object.entries(env)) {
        // PUBLIC_URL is where browsers reach the site, not an address on the compose network
        const url = key === 'PUBLIC_URL' ? undefined : urlParts(value!)
        if (!url) continue
        const target = PROCESSES.find((p) => p.name === url.host)
        if (target) {
          t.equal(url.port, ports.get(target.name), `${key} uses ${target.name}'s PORT`)
          if (key === 'IDENTITY_JWKS_URL') t.equal(url.path, JWKS_PATH, 'IDENTITY_JWKS_URL is identity\'s JWKS route')
        } else {
          t.ok(['postgres', 'redis'].includes(url.host), `${key} points at a compose service`)
        }
        if (url.host === 'redis') t.equal(svc.depends_on?.redis?.condition, 'service_healthy', 'waits for a healthy Redis')
        if (url.host === 'postgres') {
          t.equal(svc.depends_on?.migrate?.condition, 'service_completed_successfully', 'starts after the migrations')
          t.equal(value, composeEnv(migrate, 'migrate').DATABASE_URL, 'same database as the migrations')
        }
      }
      if (proc.kind === 'gateway') {
        t.ok((svc.ports as string[]).some((p) => String(p).endsWith(`:${port}`)), `publishes container port ${port}`)
        for (const s of SERVICES) t.equal(svc.depends_on?.[s.name]?.condition, 'service_healthy', `waits for a healthy ${s.name}`)
      }
    })
  }
})

// ---------------------------------------------------------------------------------------------
// k8s/
// ---------------------------------------------------------------------------------------------

const K8S = rel('k8s')
const docsByFile = new Map<string, Obj[]>()
for (const file of yamlFiles(K8S)) docsByFile.set(path.relative(K8S, file), loadYamlDocs(file))
const baseKustomization = docsByFile.get('base/kustomization.yaml')?.[0]
const baseFiles = [...docsByFile.keys()].filter((f) => f.startsWith('base/'))
const baseResources = (baseKustomization?.resources ?? []) as string[]
const baseDocs = baseResources.flatMap((r) => docsByFile.get(`base/${r}`) ?? [])
const find = (kind: string, name: string, docs = baseDocs) => docs.find((d) => d.kind === kind && d.metadata?.name === name)
const ofKind = (kind: string) => baseDocs.filter((d) => d.kind === kind)
const configMap = find('ConfigMap', CONFIG_MAP)
const secretExample = (docsByFile.get('base/secret.example.yaml') ?? []).find((d) => d.kind === 'Secret' && d.metadata?.name === SECRET)
const podTemplates = () => baseDocs.filter((d) => d.kind === 'Deployment').map((d) => ({ owner: d, pod: d.spec?.template?.spec as Obj }))

/** The environment a container gets, with ConfigMap and Secret references resolved from the base and the example Secret. */
function containerEnv(t: Checks, container: Obj, where: string): Env {
  t.notOk(container.envFrom, `${where}: no envFrom (every variable named, so it can be checked)`)
  const env: Env = {}
  for (const entry of (container.env ?? []) as Obj[]) {
    const from = entry.valueFrom
    if (from?.configMapKeyRef) {
      t.equal(from.configMapKeyRef.name, CONFIG_MAP, `${where}: ${entry.name} comes from ${CONFIG_MAP}`)
      t.equal(from.configMapKeyRef.key, entry.name, `${where}: ${entry.name} is read from the key of the same name`)
      const value = configMap?.data?.[from.configMapKeyRef.key]
      t.ok(value !== undefined, `${where}: ${CONFIG_MAP} has key ${from.configMapKeyRef.key}`)
      env[entry.name] = value
    } else if (from?.secretKeyRef) {
      t.equal(from.secretKeyRef.name, SECRET, `${where}: ${entry.name} comes from ${SECRET}`)
      t.equal(from.secretKeyRef.key, entry.name, `${where}: ${entry.name} is read from the key of the same name`)
      const value = secretExample?.stringData?.[from.secretKeyRef.key]
      // An optional key (set only for a while, e.g. the previous signing-key secret) need not be in the example.
      if (from.secretKeyRef.optional !== true) t.ok(value !== undefined, `${where}: secret.example.yaml has key ${from.secretKeyRef.key}`)
      env[entry.name] = value
    } else {
      t.equal(typeof entry.value, 'string', `${where}: ${entry.name} has a string value`)
      env[entry.name] = entry.value
    }
  }
  return env
}

check('k8s/base/kustomization.yaml lists every resource file', async (t) => {
  t.ok(baseKustomization, 'base/kustomization.yaml exists')
  const onDisk = baseFiles.map((f) => f.slice('base/'.length)).filter((f) => f !== 'kustomization.yaml' && f !== 'secret.example.yaml').sort()
  t.same([...baseResources].sort(), onDisk, 'resources = every manifest file in k8s/base')
  t.notOk(baseResources.includes('secret.example.yaml'), 'the example Secret is not applied')
  t.ok(secretExample, 'secret.example.yaml holds the Secret platform-secrets')
  t.ok(configMap, `configmap.yaml holds the ConfigMap ${CONFIG_MAP}`)
  for (const doc of baseDocs) t.notOk(doc.metadata?.namespace, `${doc.kind}/${doc.metadata?.name} has no namespace (the base is namespace-agnostic)`)
  const images = (baseKustomization?.images ?? []) as Obj[]
  const imageNames = images.map((i) => i.name)
  for (const { owner, pod } of podTemplates()) {
    for (const c of [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])]) t.ok(imageNames.includes(c.image), `${owner.kind}/${owner.metadata.name} ${c.name}: image ${c.image} is set by kustomization images`)
  }
})

check('k8s/base: each process has a Deployment, ServiceAccount and (but workers) a Service in <name>.yaml', async (t) => {
  const servicePorts = new Map<string, number>()
  for (const proc of PROCESSES) {
    const svc = (docsByFile.get(`base/${proc.name}.yaml`) ?? []).find((d) => d.kind === 'Service')
    servicePorts.set(proc.name, Number(svc?.spec?.ports?.[0]?.port))
  }
  for (const proc of DEPLOYMENTS) {
    await t.test(proc.name, async (t) => {
      const docs = docsByFile.get(`base/${proc.name}.yaml`)
      if (!docs) return t.fail(`k8s/base/${proc.name}.yaml exists`)
      const served = proc.kind !== 'worker'
      const kinds = served ? ['Deployment', 'Service', 'ServiceAccount'] : ['Deployment', 'ServiceAccount']
      t.same(docs.map((d) => `${d.kind}/${d.metadata?.name}`).sort(), kinds.map((k) => `${k}/${proc.name}`), `holds exactly its ${kinds.join(', ')}`)
      const deployment = find('Deployment', proc.name, docs)!
      const account = find('ServiceAccount', proc.name, docs)!
      for (const d of docs) t.equal(d.metadata?.labels?.app, proc.name, `${d.kind} labelled app: ${proc.name}`)
      t.equal(account.automountServiceAccountToken, false, 'ServiceAccount: no API token mounted')

      t.same(deployment.spec.selector, { matchLabels: { app: proc.name } }, 'Deployment selects app: ' + proc.name)
      t.same(deployment.spec.strategy, { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } }, 'rolls out one pod at a time, never below the current count')
      t.equal(deployment.spec.template.metadata.labels.app, proc.name, 'pods labelled app: ' + proc.name)
      const pod = deployment.spec.template.spec as Obj
      t.equal(pod.serviceAccountName, proc.name, 'pods use its ServiceAccount')
      t.equal(pod.enableServiceLinks, false, 'no service-link variables injected')
      t.equal(pod.containers.length, 1, 'one container')
      const c = pod.containers[0] as Obj
      t.same(c.command, ['node', entryOf(proc)], `command starts ${entryOf(proc)}`)
      t.ok(existsSync(rel(entryOf(proc))), `${entryOf(proc)} is built`)

      const env = containerEnv(t, c, `Deployment ${proc.name}`)
      checkEnv(t, proc, env, `Deployment ${proc.name}`)
      const port = Number(effective(proc, 'PORT', env))
      const http = (c.ports as Obj[]).find((p) => p.name === 'http')
      t.equal(http?.containerPort, port, `container port http = PORT (${port})`)

      for (const [probe, route] of [['readinessProbe', '/readyz'], ['livenessProbe', '/healthz'], ['startupProbe', '/healthz']] as const) {
        const get = c[probe]?.httpGet as Obj | undefined
        t.equal(get?.path, route, `${probe} GET ${route}`)
        t.ok(get && (get.port === 'http' || get.port === port), `${probe} on the http port`)
      }
      for (const kind of ['requests', 'limits']) {
        t.ok(c.resources?.[kind]?.cpu && c.resources?.[kind]?.memory, `resources.${kind} cpu and memory`)
      }

      const service = find('Service', proc.name, docs)
      if (service) {
        t.same(service.spec.selector, { app: proc.name }, 'Service selects app: ' + proc.name)
        t.equal(service.spec.ports.length, 1, 'Service has one port')
        const sp = service.spec.ports[0] as Obj
        t.equal(sp.name, 'http', 'Service port is named http')
        t.ok((c.ports as Obj[]).some((p) => p.name === sp.targetPort || p.containerPort === sp.targetPort), `Service targetPort ${sp.targetPort} is a container port`)
        t.equal(sp.port, port, 'Service port = container port, so http://<name>:<PORT> works in-cluster')
      }

      for (const [key, value] of Object.entries(env)) {
        const url = urlParts(value!)
        const target = url && PROCESSES.find((p) => p.name === url.host)
        if (!url || !target) continue
        t.equal(url.port, servicePorts.get(target.name), `${key} uses Service ${target.name}'s port`)
        if (key === 'IDENTITY_JWKS_URL') t.equal(url.path, JWKS_PATH, 'IDENTITY_JWKS_URL is identity\'s JWKS route')
      }
    })
  }
  const extra = ofKind('Deployment').map((d) => d.metadata.name).filter((n) => !DEPLOYMENTS.some((p) => p.name === n))
  t.same(extra, [], 'no Deployment for an unknown process')
})

check('k8s/base: ConfigMap and example Secret keys are all read by some process', async (t) => {
  const used = new Set<string>()
  for (const { pod } of podTemplates()) {
    for (const c of [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])]) for (const e of c.env ?? []) {
      const ref = e.valueFrom?.configMapKeyRef ?? e.valueFrom?.secretKeyRef
      if (ref) used.add(`${e.valueFrom.configMapKeyRef ? 'cm' : 'secret'}:${ref.key}`)
    }
  }
  for (const key of Object.keys(configMap?.data ?? {})) {
    t.ok(ALL_SCHEMA_KEYS.has(key), `ConfigMap key ${key} is a variable some configSchema reads`)
    t.ok(used.has(`cm:${key}`), `ConfigMap key ${key} is given to some container`)
  }
  t.notOk(secretExample?.data, 'example Secret uses stringData (readable placeholders)')
  for (const [key, value] of Object.entries((secretExample?.stringData ?? {}) as Record<string, string>)) {
    t.ok(ALL_SCHEMA_KEYS.has(key), `Secret key ${key} is a variable some configSchema reads`)
    t.ok(used.has(`secret:${key}`), `Secret key ${key} is given to some container`)
    t.match(value, /CHANGE-ME/, `Secret key ${key} is an obvious placeholder`)
  }
})

check('k8s/base: every container is locked down', async (t) => {
  const pods = podTemplates()
  t.equal(pods.length, DEPLOYMENTS.length, 'a Deployment per process')
  for (const { owner, pod } of pods) {
    const where = `${owner.kind}/${owner.metadata.name}`
    t.equal(pod.automountServiceAccountToken, false, `${where}: no service-account token`)
    t.notOk(pod.hostNetwork || pod.hostPID || pod.hostIPC, `${where}: no host namespaces`)
    const podSc = (pod.securityContext ?? {}) as Obj
    const tmpVolumes = new Set(((pod.volumes ?? []) as Obj[]).filter((v) => v.emptyDir).map((v) => v.name))
    for (const c of [...(pod.initContainers ?? []), ...pod.containers] as Obj[]) {
      const sc = (c.securityContext ?? {}) as Obj
      const eff = (key: string) => sc[key] ?? podSc[key]
      t.equal(eff('runAsNonRoot'), true, `${where} ${c.name}: runAsNonRoot`)
      t.equal(eff('runAsUser'), 1000, `${where} ${c.name}: runAsUser 1000 (the image's user)`)
      t.equal(sc.readOnlyRootFilesystem, true, `${where} ${c.name}: readOnlyRootFilesystem`)
      t.equal(sc.allowPrivilegeEscalation, false, `${where} ${c.name}: allowPrivilegeEscalation false`)
      t.notOk(sc.privileged, `${where} ${c.name}: not privileged`)
      t.same(sc.capabilities?.drop, ['ALL'], `${where} ${c.name}: drops all capabilities`)
      t.notOk(sc.capabilities?.add, `${where} ${c.name}: adds none`)
      t.equal(eff('seccompProfile')?.type, 'RuntimeDefault', `${where} ${c.name}: seccomp RuntimeDefault`)
      const tmp = ((c.volumeMounts ?? []) as Obj[]).find((m) => m.mountPath === '/tmp')
      t.ok(tmp && tmpVolumes.has(tmp.name), `${where} ${c.name}: /tmp is an emptyDir`)
    }
  }
})

check('k8s/base: every Deployment on a schema migrates it in an init container before its server starts', async (t) => {
  t.same(baseDocs.filter((d) => d.kind === 'Job' || d.kind === 'CronJob').map((d) => d.metadata.name), [], 'no Job to delete or wait for on a release')
  for (const proc of DEPLOYMENTS) {
    const pod = find('Deployment', proc.name)?.spec.template.spec as Obj
    const inits = (pod?.initContainers ?? []) as Obj[]
    if (proc.kind === 'gateway') {
      t.same(inits, [], 'gateway: no schema, no init container')
      continue
    }
    t.equal(inits.length, 1, `${proc.name}: one init container`)
    const init = inits[0] ?? {}
    t.same(init.command, ['node', `${proc.dir}/dist/migrate.js`], `${proc.name}: runs ${proc.dir}/dist/migrate.js (its own schema's migrations and seeds)`)
    t.ok(existsSync(rel(proc.dir, 'dist/migrate.js')), `${proc.dir}/dist/migrate.js is built`)
    t.equal(init.image, pod.containers[0].image, `${proc.name}: the same image as its server, so the migrations are the ones its code expects`)
    const env = containerEnv(t, init, `${proc.name} init`)
    t.same(Object.keys(env), ['DATABASE_URL'], `${proc.name} init: DATABASE_URL only`)
    t.same(init.env, pod.containers[0].env.filter((e: Obj) => e.name === 'DATABASE_URL'), `${proc.name} init: the server's database`)
    t.ok(schemaOf(SERVICES[0]!).shape.DATABASE_URL!.safeParse(env.DATABASE_URL).success, 'DATABASE_URL is a valid postgres:// URL')
    for (const kind of ['requests', 'limits']) t.ok(init.resources?.[kind]?.cpu && init.resources?.[kind]?.memory, `${proc.name} init: resources.${kind} set`)
  }
})

check('k8s/base: HPA and PodDisruptionBudget per Deployment', async (t) => {
  const deployments = ofKind('Deployment').map((d) => d.metadata.name as string).sort()
  t.same(deployments, DEPLOYMENTS.map((p) => p.name).sort(), 'a Deployment per process')
  for (const name of deployments) {
    const hpas = ofKind('HorizontalPodAutoscaler').filter((h) => h.spec?.scaleTargetRef?.name === name)
    t.equal(hpas.length, 1, `${name}: one HPA`)
    const hpa = hpas[0]
    t.equal(hpa?.apiVersion, 'autoscaling/v2', `${name}: HPA autoscaling/v2`)
    t.same(hpa?.spec?.scaleTargetRef, { apiVersion: 'apps/v1', kind: 'Deployment', name }, `${name}: HPA targets the Deployment`)
    t.ok(hpa?.spec?.minReplicas >= 2, `${name}: at least 2 replicas`)
    t.ok(hpa?.spec?.maxReplicas >= hpa?.spec?.minReplicas, `${name}: maxReplicas >= minReplicas`)
    t.notOk(find('Deployment', name)?.spec?.replicas, `${name}: Deployment leaves replicas to the HPA`)
    const pdbs = ofKind('PodDisruptionBudget').filter((p) => selects(p.spec?.selector, { app: name }))
    t.equal(pdbs.length, 1, `${name}: one PodDisruptionBudget`)
    t.equal(pdbs[0]?.apiVersion, 'policy/v1', `${name}: PDB policy/v1`)
    t.equal(pdbs[0]?.spec?.minAvailable, 1, `${name}: PDB minAvailable 1`)
    t.ok(hpa?.spec?.minReplicas > pdbs[0]?.spec?.minAvailable, `${name}: min replicas above minAvailable, so drains can proceed`)
  }
})

check('k8s/base: messaging-sync\'s queue workers run apart from its API', async (t) => {
  const containerOf = (name: string) => find('Deployment', name)?.spec.template.spec.containers[0] as Obj
  const apiEnv = containerEnv(t, containerOf('messaging-sync'), 'messaging-sync')
  const workerEnv = containerEnv(t, containerOf(MESSAGING_WORKER.name), MESSAGING_WORKER.name)
  t.equal(effective(MESSAGING_WORKER, 'MESSAGING_QUEUE_WORKERS', apiEnv), false, 'the API Deployment runs no queue workers (MESSAGING_QUEUE_WORKERS=false)')
  const settings = (env: Env) => Object.fromEntries(Object.entries(env).filter(([key]) => key !== 'MESSAGING_QUEUE_WORKERS'))
  t.same(settings(workerEnv), settings(apiEnv), 'the workers get the same settings as the API (provider, SMTP, queue prefix), so they deliver alike')
  t.same(ofKind('Service').filter((s) => selects({ matchLabels: s.spec?.selector }, { app: MESSAGING_WORKER.name })), [], 'no Service sends traffic to the workers')
  t.match(read('services/messaging-sync/src/worker.ts'), /role: 'worker'/, 'worker.js builds the app as a worker')
})

check('k8s/base: Prometheus can scrape every Deployment\'s metrics port', async (t) => {
  const policy = (docsByFile.get('components/network-policies/metrics.yaml') ?? [])[0]
  for (const proc of DEPLOYMENTS) {
    const template = find('Deployment', proc.name)?.spec.template as Obj
    const c = template?.spec.containers[0] as Obj
    const env = containerEnv(t, c, proc.name)
    const port = Number(effective(proc, 'METRICS_PORT', env))
    t.ok(port > 0, `${proc.name}: METRICS_PORT is set`)
    t.equal((c.ports as Obj[]).find((p) => p.name === 'metrics')?.containerPort, port, `${proc.name}: container port metrics = METRICS_PORT`)
    t.same(template.metadata.annotations, { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(port), 'prometheus.io/path': '/metrics' }, `${proc.name}: scrape annotations`)
    t.ok(selects(policy?.spec?.podSelector, { app: proc.name }), `${proc.name}: the metrics network policy admits scrapes`)
    t.ok(policy?.spec?.ingress?.[0]?.ports?.some((p: Obj) => p.port === port), `${proc.name}: on port ${port}`)
  }
})

check('k8s/base/ingress.yaml points at the gateway', async (t) => {
  const ingresses = ofKind('Ingress')
  t.equal(ingresses.length, 1, 'one Ingress')
  const ingress = ingresses[0]!
  t.equal(ingress.apiVersion, 'networking.k8s.io/v1', 'networking.k8s.io/v1')
  const gatewayService = find('Service', 'gateway')
  const backends = [
    ...(ingress.spec.defaultBackend ? [ingress.spec.defaultBackend] : []),
    ...(ingress.spec.rules ?? []).flatMap((r: Obj) => (r.http?.paths ?? []).map((p: Obj) => p.backend)),
  ] as Obj[]
  t.ok(backends.length > 0, 'has backends')
  for (const b of backends) {
    t.equal(b.service?.name, 'gateway', 'backend is the gateway Service')
    const port = b.service?.port ?? {}
    t.ok(gatewayService?.spec?.ports?.some((p: Obj) => p.port === port.number || (port.name && p.name === port.name)), `backend port ${port.number ?? port.name} is a gateway Service port`)
  }
  const hosts = (ingress.spec.rules ?? []).map((r: Obj) => r.host)
  const tlsHosts = (ingress.spec.tls ?? []).flatMap((x: Obj) => x.hosts ?? [])
  t.ok(ingress.spec.tls?.every((x: Obj) => x.secretName), 'TLS section names its certificate Secret')
  for (const host of hosts) t.ok(tlsHosts.includes(host), `${host} is served over TLS`)
  const publicUrl = urlParts(configMap?.data?.PUBLIC_URL ?? '')
  t.equal(publicUrl?.protocol, 'https:', 'PUBLIC_URL is https')
  t.ok(publicUrl && hosts.includes(publicUrl.host), 'PUBLIC_URL host is the Ingress host')
})

check('k8s/components/network-policies is a Component that lets the platform work', async (t) => {
  const kustomization = docsByFile.get('components/network-policies/kustomization.yaml')?.[0]
  t.equal(kustomization?.kind, 'Component', 'kind: Component')
  t.equal(kustomization?.apiVersion, 'kustomize.config.k8s.io/v1alpha1', 'kustomize.config.k8s.io/v1alpha1')
  const files = (kustomization?.resources ?? []) as string[]
  const onDisk = [...docsByFile.keys()].filter((f) => f.startsWith('components/network-policies/') && !f.endsWith('/kustomization.yaml')).map((f) => path.basename(f)).sort()
  t.same([...files].sort(), onDisk, 'lists every policy file')
  const policies = files.flatMap((f) => docsByFile.get(`components/network-policies/${f}`) ?? [])
  for (const p of policies) t.equal(p.kind, 'NetworkPolicy', `${p.metadata?.name} is a NetworkPolicy`)

  const denyAll = policies.find((p) => Object.keys(p.spec?.podSelector ?? { x: 1 }).length === 0 && p.spec?.policyTypes?.includes('Ingress') && !p.spec?.ingress)
  t.ok(denyAll, 'a default deny-ingress policy for every pod')

  const containerPort = (name: string) => Number(find('Deployment', name)?.spec.template.spec.containers[0].ports.find((p: Obj) => p.name === 'http')?.containerPort)
  /** Whether some policy lets a pod labelled `from` (or any source, if undefined) reach `to` on its http port. */
  const allowed = (to: string, from: Record<string, string> | undefined) =>
    policies.some((p) => selects(p.spec?.podSelector, { app: to }) && (p.spec?.ingress ?? []).some((rule: Obj) => {
      const portOk = !rule.ports || rule.ports.some((x: Obj) => x.port === containerPort(to) || x.port === 'http')
      const sources = rule.from as Obj[] | undefined
      const fromOk = !sources || (from !== undefined && sources.some((s) => s.podSelector && !s.namespaceSelector && selects(s.podSelector, from)))
      return portOk && fromOk
    }))
  t.ok(allowed('gateway', undefined), 'anyone (the ingress controller) reaches the gateway')
  for (const svc of SERVICES) {
    t.ok(allowed(svc.name, { app: 'gateway' }), `the gateway reaches ${svc.name}`)
    t.notOk(allowed(svc.name, undefined), `${svc.name} is not open to everyone`)
    if (svc.name !== 'identity') t.ok(allowed('identity', { app: svc.name }), `${svc.name} reaches identity (JWKS)`)
  }
})

check('k8s/overlays/production uses the base and the network policies', async (t) => {
  const overlay = docsByFile.get('overlays/production/kustomization.yaml')?.[0]
  if (!overlay) return t.fail('overlays/production/kustomization.yaml exists')
  t.ok(overlay.namespace, 'sets a namespace')
  t.ok(overlay.resources?.includes('../../base'), 'includes the base')
  t.ok(overlay.components?.includes('../../components/network-policies'), 'includes the network-policies component')
  for (const r of [...(overlay.resources ?? []), ...(overlay.components ?? [])] as string[]) {
    t.ok(existsSync(path.join(K8S, 'overlays/production', r)), `${r} exists`)
  }
  const ns = (docsByFile.get('overlays/production/namespace.yaml') ?? []).find((d) => d.kind === 'Namespace')
  t.equal(ns?.metadata?.name, overlay.namespace, 'creates its namespace')
  t.equal(ns?.metadata?.labels?.['pod-security.kubernetes.io/enforce'], 'restricted', 'namespace enforces Pod Security "restricted"')
})

// kubectl has kustomize built in; it is optional on a developer's machine, so this is skipped without it.
const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' })
const noKubectl = kubectl.error || kubectl.status !== 0 ? 'kubectl is not installed' : false
check('kustomize renders the base and the production overlay', { skip: noKubectl }, async (t) => {
  for (const [dir, namespaced] of [['base', false], ['overlays/production', true]] as const) {
    const out = spawnSync('kubectl', ['kustomize', path.join(K8S, dir)], { encoding: 'utf8', timeout: 60_000 })
    t.equal(out.status, 0, `kubectl kustomize k8s/${dir} succeeds${out.stderr ? `: ${out.stderr.trim()}` : ''}`)
    const objects = parseAllDocuments(out.stdout ?? '').map((d) => d.toJS() as Obj).filter(Boolean)
    const kinds = objects.map((o) => o.kind as string)
    t.equal(kinds.filter((k) => k === 'Deployment').length, DEPLOYMENTS.length, `k8s/${dir}: a Deployment per process`)
    t.ok(kinds.includes('Ingress'), `k8s/${dir}: the Ingress`)
    t.notOk(kinds.includes('Job'), `k8s/${dir}: no Job (migrations run in each Deployment's init container)`)
    t.notOk(kinds.includes('Secret'), `k8s/${dir}: no Secret (created out of band)`)
    if (namespaced) {
      t.equal(kinds.filter((k) => k === 'NetworkPolicy').length, DEPLOYMENTS.length + 2, `k8s/${dir}: the network policies (one per process, the default deny, the metrics scrape)`)
      const images = objects.flatMap((o) => (o.spec?.template?.spec?.containers ?? []).map((c: Obj) => c.image as string))
      t.ok(images.every((i) => i.includes('/')), `k8s/${dir}: containers use the registry image`)
    }
  }
})

// ---------------------------------------------------------------------------------------------
// .env.example
// ---------------------------------------------------------------------------------------------

check('.env.example documents every variable', async (t) => {
  const listed = new Set([...read('.env.example').matchAll(/^(?:#\s*)?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!))
  for (const proc of PROCESSES) for (const key of keysOf(proc)) t.ok(listed.has(key), `${key} (${proc.name}) is listed`)
  for (const key of TOOLING_VARS) t.ok(listed.has(key), `${key} (launcher, compose or tests) is listed`)
  for (const key of listed) t.ok(ALL_SCHEMA_KEYS.has(key) || TOOLING_VARS.has(key), `${key} is read by something`)
  for (const m of composeText.matchAll(/\$\{([A-Z0-9_]+)/g)) t.ok(listed.has(m[1]!), `${m[1]} (docker-compose.yml) is listed`)
})

check('k8s/components/keda scales the queue workers on the queues messaging-sync uses', async (t) => {
  const component = docsByFile.get('components/keda/kustomization.yaml')?.[0]
  t.equal(component?.kind, 'Component', 'kind: Component')
  const scaled = (docsByFile.get('components/keda/scaled-object.yaml') ?? []).find((d) => d.kind === 'ScaledObject')
  t.equal(scaled?.spec?.scaleTargetRef?.name, MESSAGING_WORKER.name, 'targets messaging-sync-worker')
  t.ok(scaled?.spec?.minReplicaCount >= 2, 'keeps at least two workers (above the PDB\'s minAvailable)')
  const { EMAIL_CHANNEL_DEFAULTS } = (await import(rel('services/messaging-sync/dist/email/channel.js'))) as { EMAIL_CHANNEL_DEFAULTS: { queueName: string } }
  const { PROVIDER_CHANNEL_DEFAULTS } = (await import(rel('services/messaging-sync/dist/providers/channel.js'))) as { PROVIDER_CHANNEL_DEFAULTS: { queueName: string } }
  const prefix = effective(MESSAGING_WORKER, 'QUEUE_PREFIX', containerEnv(t, find('Deployment', MESSAGING_WORKER.name)?.spec.template.spec.containers[0], MESSAGING_WORKER.name))
  const lists = (scaled?.spec?.triggers ?? []).filter((tr: Obj) => tr.type === 'redis').map((tr: Obj) => tr.metadata.listName).sort()
  t.same(lists, [EMAIL_CHANNEL_DEFAULTS.queueName, PROVIDER_CHANNEL_DEFAULTS.queueName].map((q) => `${prefix}:${q}:wait`).sort(), 'watches the waiting lists of both queues, under the workers\' QUEUE_PREFIX')
  const auth = (docsByFile.get('components/keda/trigger-authentication.yaml') ?? []).find((d) => d.kind === 'TriggerAuthentication')
  for (const tr of (scaled?.spec?.triggers ?? []).filter((x: Obj) => x.type === 'redis')) t.equal(tr.authenticationRef?.name, auth?.metadata?.name, `${tr.metadata.listName}: authenticates with the TriggerAuthentication`)
})

check('k8s/components/backup: a nightly CronJob, pg_dump in PostgreSQL\'s image, sealed by the platform\'s backup command', async (t) => {
  const component = docsByFile.get('components/backup/kustomization.yaml')?.[0]
  t.equal(component?.kind, 'Component', 'kind: Component')
  const cron = (docsByFile.get('components/backup/cronjob.yaml') ?? []).find((d) => d.kind === 'CronJob')
  if (!cron) return t.fail('a CronJob named backup')
  t.equal(cron.spec.concurrencyPolicy, 'Forbid', 'one backup at a time')
  const pod = cron.spec.jobTemplate.spec.template.spec as Obj
  const dump = pod.initContainers?.[0] as Obj
  t.match(dump?.image, /^postgres:\d+/, 'pg_dump from PostgreSQL\'s own image')
  t.match(dump?.command?.join(' '), /pg_dump --format=custom/, 'in its custom format')
  const seal = pod.containers[0] as Obj
  t.equal(seal.image, 'hearing-care-platform')
  const script = seal.command[1] as string
  t.ok(existsSync(rel(script)), `${script} is built`)
  // The image holds no infra workspace: the script and what it imports are copied in one by one.
  const copied = read('Dockerfile').split('\n').filter((l) => l.startsWith('COPY --from=build /app/infra/dist/backup/')).flatMap((l) => l.split(/\s+/).slice(2, -1))
  const imports = (file: string): string[] => [...read(file).matchAll(/^import .* from '([^']+)'/gm)].map((m) => m[1]!)
  const needed = [script]
  for (let i = 0; i < needed.length; i++) {
    t.ok(copied.includes(`/app/${needed[i]}`), `the image ships ${needed[i]}`)
    for (const spec of imports(needed[i]!)) {
      if (spec.startsWith('node:')) continue
      if (!spec.startsWith('.')) t.fail(`${needed[i]} imports the package ${spec}, which the image does not ship for it`)
      else if (!needed.includes(path.posix.join(path.posix.dirname(needed[i]!), spec))) needed.push(path.posix.join(path.posix.dirname(needed[i]!), spec))
    }
  }
  const { backupConfig } = (await import(rel('infra/dist/backup/config.js'))) as { backupConfig: (env: Env, dataDir: string) => Record<string, unknown> }
  const env = Object.fromEntries((seal.env as Obj[]).map((e) => [e.name, e.value ?? 'x'.repeat(43)]))
  t.same(Object.keys(env).sort(), ['BACKUP_DIR', 'BACKUP_KEEP', 'BACKUP_KEY'], 'the settings seal.js reads')
  t.doesNotThrow(() => backupConfig(env, '/tmp'), 'its settings are valid')
  t.same(dump.env.map((e: Obj) => e.valueFrom?.secretKeyRef), [{ name: SECRET, key: 'DATABASE_URL' }], 'the database from the platform Secret')
  const mounted = new Set([...(dump.volumeMounts as Obj[]), ...(seal.volumeMounts as Obj[])].map((m) => m.name))
  t.same([...mounted].sort(), (pod.volumes as Obj[]).map((v) => v.name).sort(), 'every volume used')
})
