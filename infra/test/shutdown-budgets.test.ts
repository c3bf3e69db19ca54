import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { SHUTDOWN_GRACE_MS } from '@hearing/service-kit'
import t from 'tap'
import { parseAllDocuments } from 'yaml'
import { STOP_GRACE_MS } from '../src/launcher/child.js'
import { REPO_ROOT } from '../src/launcher/paths.js'

// messaging-sync's own test checks that its close fits inside the kit's budget (test/shutdown-budget.test.ts).

t.test('shutdown budgets agree: the kit < the launcher < Kubernetes', async (t) => {
  t.comment(`kit ${SHUTDOWN_GRACE_MS} ms; launcher SIGKILL after ${STOP_GRACE_MS} ms`)
  t.ok(STOP_GRACE_MS > SHUTDOWN_GRACE_MS, 'the launcher waits longer than a process gives itself')

  const dir = path.join(REPO_ROOT, 'k8s/base')
  let deployments = 0
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    for (const doc of parseAllDocuments(readFileSync(path.join(dir, file), 'utf8'))) {
      const m = doc.toJS() as { kind?: string; metadata?: { name?: string }; spec?: { template?: { spec?: { terminationGracePeriodSeconds?: number; containers?: Array<{ lifecycle?: { preStop?: { exec?: { command?: string[] } } } }> } } } }
      if (m?.kind !== 'Deployment') continue
      deployments++
      const pod = m.spec!.template!.spec!
      const preStop = pod.containers?.[0]?.lifecycle?.preStop?.exec?.command
      const pauseMs = preStop?.[0] === 'sleep' ? Number(preStop[1]) * 1000 : 0
      const graceMs = (pod.terminationGracePeriodSeconds ?? 30) * 1000
      t.ok(graceMs > pauseMs + SHUTDOWN_GRACE_MS, `${m.metadata?.name}: ${graceMs / 1000} s > preStop ${pauseMs / 1000} s + kit ${SHUTDOWN_GRACE_MS / 1000} s`)
    }
  }
  t.equal(deployments, 7, 'the five services, the gateway and the messaging queue workers')

  const compose = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')
  const stopGrace = /stop_grace_period: (\d+)s/.exec(compose)
  t.ok(stopGrace && Number(stopGrace[1]) * 1000 > SHUTDOWN_GRACE_MS, `docker compose waits ${stopGrace?.[1]} s before SIGKILL`)
})
