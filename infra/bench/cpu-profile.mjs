#!/usr/bin/env node
// Where a process's time went, from a V8 .cpuprofile (node --cpu-prof, e.g. the gateway's under
// `BENCH_GATEWAY_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench:gateway`):
//   node infra/bench/cpu-profile.mjs <file.cpuprofile> [top=25]
// Prints the share of samples by where the code lives (a package, a file of ours, Node's internals,
// GC, idle), the functions with the most self time, and the functions with the most total time
// (themselves and what they call; a function on the stack twice counts once).
import { readFileSync } from 'node:fs'

const [file, topArg] = process.argv.slice(2)
if (!file) {
  process.stderr.write('usage: node infra/bench/cpu-profile.mjs <file.cpuprofile> [top]\n')
  process.exit(2)
}
const TOP = Number(topArg ?? 25)
const profile = JSON.parse(readFileSync(file, 'utf8'))

const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
const parent = new Map()
for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id)

/** Where a frame's code lives: a package under node_modules, a file of ours, or Node itself. */
function area({ url, functionName }) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)'
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (pkg) return pkg[1]
  if (url.startsWith('node:')) return 'node:internal'
  const ours = url.match(/\/(gateway|services\/[^/]+|infra)\/dist\/(.+)$/)
  return ours ? `${ours[1]}/${ours[2]}` : url
}
const label = ({ functionName, url, lineNumber }) => `${functionName || '(anonymous)'} ${url ? `${url.replace(/^.*\/(node_modules|dist)\//, '')}:${lineNumber + 1}` : ''}`.trim()

// Each sample is one node; samples are spaced by timeDeltas (µs).
const selfTime = new Map()
const totalTime = new Map()
const areaTime = new Map()
let all = 0
const add = (map, key, dt) => map.set(key, (map.get(key) ?? 0) + dt)
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0
  all += dt
  const node = nodes.get(id)
  add(selfTime, label(node.callFrame), dt)
  add(areaTime, area(node.callFrame), dt)
  const seen = new Set()
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const key = label(nodes.get(at).callFrame)
    if (seen.has(key)) continue
    seen.add(key)
    add(totalTime, key, dt)
  }
})

const idle = areaTime.get('(idle)') ?? 0
const busy = all - idle
const pct = (dt, of = busy) => `${((100 * dt) / of).toFixed(1).padStart(5)}%`
const top = (map, n) => [...map].filter(([k]) => k !== '(idle)' && k !== '(root)').sort((a, b) => b[1] - a[1]).slice(0, n)

process.stdout.write(`${file}: ${(all / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${pct(busy, all).trim()}); shares below are of the busy time\n`)
process.stdout.write('\nby area (self time):\n')
for (const [k, dt] of top(areaTime, TOP)) process.stdout.write(`  ${pct(dt)}  ${k}\n`)
process.stdout.write('\nfunctions by self time:\n')
for (const [k, dt] of top(selfTime, TOP)) process.stdout.write(`  ${pct(dt)}  ${k}\n`)
process.stdout.write('\nfunctions by total time (with what they call):\n')
for (const [k, dt] of top(totalTime, TOP * 2)) process.stdout.write(`  ${pct(dt)}  ${k}\n`)
