/**
 * Where the server's CPU went in each phase of a `bench:load:cpu --profile=DIR` run:
 * `npx tsx bench/load/profile-phases.ts DIR RESULTS.json [--top=N] [--focus=NAME]`.
 *
 * The profiles (node --cpu-prof, one per process and thread) cover each process's whole life:
 * start-up, module loading and the warm-up dwarf the measured burst. The results name each
 * phase's window on the monotonic clock (`window_us`, cpu.ts), which is the clock of V8's
 * samples, so only the samples inside a phase are counted: self time by package (a native frame
 * counts for the nearest JavaScript frame above it) and by function, per call of the phase.
 * `--focus=NAME` lists the stacks leading to the functions whose label starts with NAME.
 * `--callers=PACKAGE` sums the self time of PACKAGE's functions (e.g. kysely) by the nearest frame of our
 * own source above them: which of our calls pays for a library's time.
 */
import fs from 'node:fs'
import path from 'node:path'

interface CallFrame {
  functionName: string
  url: string
  lineNumber: number
}
interface ProfileNode {
  id: number
  callFrame: CallFrame
  children?: number[]
}
interface Profile {
  nodes: ProfileNode[]
  startTime: number
  samples: number[]
  timeDeltas: number[]
}
interface Phase {
  window_us: [number, number]
  call: { calls: number }
}

const [dir, resultsFile] = process.argv.slice(2).filter((a) => !a.startsWith('--'))
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const TOP = Number(option('top') ?? 25)
const FOCUS = option('focus')
const CALLERS_OF = option('callers')
/** Stack frames shown per focused stack. */
const FOCUS_DEPTH = 8
/** Focused stacks listed. */
const FOCUS_STACKS = 10

if (!dir || !resultsFile) {
  console.error('usage: npx tsx bench/load/profile-phases.ts PROFILE_DIR RESULTS.json [--top=N] [--focus=NAME]')
  process.exit(2)
}

const shortUrl = (url: string) => url.replace(/.*node_modules\//, '').replace(/.*\/(src|bench|tests)\//, '$1/')

/** The package (node_modules name, node:internal area, or our source folder) a frame belongs to. */
function packageOf(cf: CallFrame): string | null {
  const url = cf.url
  if (!url) return null
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (dep) return dep[1]
  if (url.startsWith('node:')) return url.slice(5).split('/').slice(0, 2).join('/')
  const ours = /\/(src\/[^/]+\/[^/]+)/.exec(url)
  return ours ? ours[1] : shortUrl(url)
}

const label = (cf: CallFrame) => `${cf.functionName || '(anonymous)'} ${cf.url ? `${shortUrl(cf.url)}:${cf.lineNumber + 1}` : ''}`.trim()

const results = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as Record<string, unknown>
const phases = Object.entries(results).filter((e): e is [string, Phase] => typeof e[1] === 'object' && e[1] !== null && Array.isArray((e[1] as Phase).window_us))
if (phases.length === 0) throw new Error(`${resultsFile} names no phase windows (window_us): a run of bench:load:cpu from before 2026-11-29 20:00 UTC?`)

const profiles = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Profile)

for (const [name, phase] of phases) {
  const [from, to] = phase.window_us
  const byPackage = new Map<string, number>()
  const byFunction = new Map<string, number>()
  const focused = new Map<string, number>()
  const callers = new Map<string, number>()
  let total = 0
  for (const p of profiles) {
    const byId = new Map(p.nodes.map((n) => [n.id, n]))
    const parent = new Map<number, number>()
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
    let t = p.startTime
    for (let i = 0; i < p.samples.length; i++) {
      t += p.timeDeltas[i]
      // A sample stands for the time until the next one.
      const us = p.timeDeltas[i + 1] ?? 0
      if (t < from || t > to) continue
      const node = byId.get(p.samples[i])!
      const cf = node.callFrame
      if (cf.functionName === '(idle)') continue
      total += us
      const stack: CallFrame[] = []
      for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) stack.push(byId.get(id)!.callFrame)
      const js = stack.find((f) => f.url)
      const pkg = packageOf(cf) ?? (js ? `${packageOf(js)} (native)` : cf.functionName || '(native)')
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us)
      const fn = label(cf)
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + us)
      if (CALLERS_OF && packageOf(cf) === CALLERS_OF) {
        const ours = stack.find((f) => /\/src\//.test(f.url) && !f.url.includes('node_modules'))
        const key = ours ? label(ours) : '(none of ours)'
        callers.set(key, (callers.get(key) ?? 0) + us)
      }
      if (FOCUS && fn.startsWith(FOCUS)) {
        const key = stack.slice(1, 1 + FOCUS_DEPTH).map(label).join(' < ')
        focused.set(key, (focused.get(key) ?? 0) + us)
      }
    }
  }
  const calls = phase.call.calls
  const row = (us: number, what: string) => `${(us / 1000 / calls).toFixed(3).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${what}`
  console.log(`\n== ${name}: ${calls} calls, server CPU in the profiles ${(total / 1000 / calls).toFixed(2)} ms a call`)
  for (const [k, v] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(row(v, k))
  console.log('  -- by function')
  for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(row(v, k))
  if (CALLERS_OF) {
    console.log(`  -- ${CALLERS_OF}'s time by our caller`)
    for (const [k, v] of [...callers].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(row(v, k))
  }
  if (FOCUS) {
    console.log(`  -- stacks of ${FOCUS}`)
    for (const [k, v] of [...focused].sort((a, b) => b[1] - a[1]).slice(0, FOCUS_STACKS)) console.log(row(v, k))
  }
}
