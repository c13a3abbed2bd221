/**
 * Where the slow frames during gestures come from (issue 16): records a Chromium trace of the
 * storefront's scheme page while the benchmark's gestures run (scenario.ts) and prints: the GPU
 * process's main thread by tier drawn (wall time busy), its heaviest trace events (with the GPU
 * categories: the display's SwapBuffers, its readback and the wait for SwiftShader), the render
 * worker's draw durations, and the first render-worker intervals over SLOW_MS with what the
 * worker and the page ran in them. `npx tsx bench/browser/gestureTrace.ts [--seats N]
 * [--rounds N] [--no-build] [--save file.json]`, or `--analyze file.json`. A trace slows the page
 * a little: the split, not the times, is the point.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { flag, interactiveLogged, option, profiledPage, withProbeTarget } from './profiledRun'
import { runScenario } from './scenario'
import { PROFILES } from './storefront'

const SLOW_MS = 33
const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.frame', 'v8.execute', 'v8', 'blink.user_timing', 'gpu', 'disabled-by-default-v8.cpu_profiler', 'disabled-by-default-gpu.service', 'disabled-by-default-gpu.decoder', 'gpu.angle', 'viz', 'gpu.service', 'cc']
/** Slow intervals listed in detail. */
const LIST = 10

interface Ev { name: string; cat: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; id?: string; args?: { name?: string; data?: Record<string, any> } } // eslint-disable-line @typescript-eslint/no-explicit-any -- trace JSON

function samplesOf(events: Ev[], pid: number, tid: number) {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid)
  if (!profile) return []
  const frames = new Map<number, string>()
  let ts = profile.args?.data?.startTime ?? profile.ts
  const out: { ts: number; fn: string }[] = []
  for (const c of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id)) {
    const cp = c.args?.data?.cpuProfile
    for (const n of cp?.nodes ?? []) frames.set(n.id, `${n.callFrame.functionName || '(anon)'} ${String(n.callFrame.url).replace(/^.*\//, '')}:${(n.callFrame.lineNumber ?? 0) + 1}:${(n.callFrame.columnNumber ?? 0) + 1}`)
    const d = c.args?.data?.timeDeltas ?? []
    const ids = cp?.samples ?? []
    for (let i = 0; i < ids.length; i++) { ts += d[i] ?? 0; out.push({ ts, fn: frames.get(ids[i]) ?? String(ids[i]) }) }
  }
  return out.sort((a, b) => a.ts - b.ts)
}

function analyze(events: Ev[]) {
  const names = new Map<string, string>()
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String(e.args?.name))
  const start = events.find((e) => e.name === 'gestures-start')
  const end = events.find((e) => e.name === 'gestures-end')
  const t0 = start?.ts ?? 0
  const t1 = end?.ts ?? Infinity
  // Threads with animation frames in the window.
  const rafs = events.filter((e) => e.name === 'FireAnimationFrame' && e.ts >= t0 && e.ts <= t1)
  const byThread = new Map<string, Ev[]>()
  for (const e of rafs) { const k = `${e.pid}:${e.tid}`; if (!byThread.has(k)) byThread.set(k, []); byThread.get(k)!.push(e) }
  for (const [k, list] of byThread) console.log(`thread ${k} ${names.get(k)}: ${list.length} rAF`)
  const render = [...byThread].filter(([k]) => /Worker/i.test(names.get(k) ?? '')).sort((a, b) => b[1].length - a[1].length)[0]
  if (!render) { console.log('no worker rAF'); return }
  const [rk, rlist] = render
  const rpid = Number(rk.split(':')[0])
  const mainKey = [...names].find(([k, n]) => n === 'CrRendererMain' && k.startsWith(`${rpid}:`))?.[0]
  const threads = [rk, mainKey].filter(Boolean) as string[]
  const samples = new Map(threads.map((k) => { const [p, t] = k.split(':').map(Number); return [k, samplesOf(events, p, t)] }))
  rlist.sort((a, b) => a.ts - b.ts)
  const intervals = rlist.slice(1).map((e, i) => ({ from: rlist[i].ts, to: e.ts, ms: (e.ts - rlist[i].ts) / 1000 }))
  const sorted = intervals.map((i) => i.ms).sort((a, b) => a - b)
  console.log(`render worker ${rk}: ${intervals.length} intervals p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} p95 ${sorted[Math.floor(sorted.length * 0.95)]?.toFixed(1)}; over ${SLOW_MS}: ${intervals.filter((i) => i.ms > SLOW_MS).length}`)
  // Per-frame rAF durations on the worker (the engine's frame work).
  const rafDur = rlist.map((e) => (e.dur ?? 0) / 1000).sort((a, b) => a - b)
  console.log(`worker FireAnimationFrame dur p50 ${rafDur[Math.floor(rafDur.length / 2)]?.toFixed(1)} p95 ${rafDur[Math.floor(rafDur.length * 0.95)]?.toFixed(1)} max ${rafDur[rafDur.length - 1]?.toFixed(1)}`)
  const draws = rlist.filter((e) => (e.dur ?? 0) > 400).map((e) => e.dur! / 1000).sort((a, b) => a - b)
  console.log(`worker draws (rAF over 0.4 ms): ${draws.length}, p50 ${draws[draws.length >> 1]?.toFixed(1)} p95 ${draws[Math.floor(draws.length * 0.95)]?.toFixed(1)} max ${draws[draws.length - 1]?.toFixed(1)} ms`)
  gpuSummary(events, names, t0, t1)
  for (const iv of intervals.filter((i) => i.ms > SLOW_MS).slice(0, LIST)) {
    console.log(`\n-- slow interval ${iv.ms.toFixed(1)} ms at +${((iv.from - t0) / 1000).toFixed(0)} ms`)
    for (const k of threads) {
      const tasks = events.filter((e) => `${e.pid}:${e.tid}` === k && e.ph === 'X' && e.name === 'RunTask' && e.ts + (e.dur ?? 0) > iv.from && e.ts < iv.to && (e.dur ?? 0) > 2000)
      for (const t of tasks) {
        const inner = events.filter((e) => `${e.pid}:${e.tid}` === k && e.ph === 'X' && e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur! && (e.dur ?? 0) > 1000 && e.name !== 'ThreadControllerImpl::RunTask')
        const fn = new Map<string, number>()
        for (const s of samples.get(k)!) if (s.ts >= t.ts && s.ts <= t.ts + t.dur!) fn.set(s.fn, (fn.get(s.fn) ?? 0) + 1)
        console.log(`  ${names.get(k)} task +${((t.ts - t0) / 1000).toFixed(0)} ${(t.dur! / 1000).toFixed(1)} ms (cpu ${((t.tdur ?? 0) / 1000).toFixed(1)}): ${inner.slice(0, 6).map((e) => `${e.name}${e.args?.data?.functionName ? `(${e.args.data.functionName})` : ''}${e.args?.data?.type ? `[${e.args.data.type}]` : ''} ${((e.dur ?? 0) / 1000).toFixed(1)}`).join(', ')}`)
        const top = [...fn].sort((a, b) => b[1] - a[1]).slice(0, 5)
        if (top.length) console.log(`     samples: ${top.map(([f, n]) => `${f} ×${n}`).join('; ')}`)
      }
    }
  }
}

/** The GPU process's main thread in the window: display swaps and its heaviest events (self and nested alike). */
function gpuSummary(events: Ev[], names: Map<string, string>, t0: number, t1: number) {
  const gpu = [...names].find(([, n]) => n === 'CrGpuMain')?.[0]
  const th = events.filter((e) => `${e.pid}:${e.tid}` === gpu && e.ph === 'X' && e.ts >= t0 && e.ts <= t1)
  const swaps = th.filter((e) => e.name === 'SkiaOutputSurfaceImplOnGpu::SwapBuffers')
  const wall = swaps.map((e) => e.dur! / 1000).sort((a, b) => a - b)
  const cpu = swaps.reduce((s, e) => s + (e.tdur ?? 0) / 1000, 0)
  console.log(`GPU main: ${swaps.length} display swaps in ${((t1 - t0) / 1000).toFixed(0)} ms, wall p50 ${wall[wall.length >> 1]?.toFixed(1)} p95 ${wall[Math.floor(wall.length * 0.95)]?.toFixed(1)} ms, thread CPU in them ${cpu.toFixed(0)} ms`)
  const agg = new Map<string, [number, number]>()
  for (const e of th) if (!/RunTask/.test(e.name)) { const v = agg.get(e.name) ?? [0, 0]; v[0]++; v[1] += e.dur! / 1000; agg.set(e.name, v) }
  for (const [n, [c, ms]] of [...agg].sort((a, b) => b[1][1] - a[1][1]).slice(0, 10)) console.log(`  ${n}: ${c}×, ${ms.toFixed(0)} ms`)
}

/** GPU process main-thread task time (wall) during the gestures, by the tier drawn at that moment. */
function byTier(events: Ev[], det: { t: number; tier: string; seats: number }[]) {
  const t0 = events.find((e) => e.name === 'gestures-start')!.ts
  const names = new Map<string, string>()
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String(e.args?.name))
  const gpu = [...names].find(([, n]) => n === 'CrGpuMain')?.[0]
  const tasks = events.filter((e) => `${e.pid}:${e.tid}` === gpu && e.ph === 'X' && e.name === 'RunTask' && e.ts >= t0)
  const at = (ms: number) => { let d = det[0]; for (const x of det) { if (x.t > ms) break; d = x } return d }
  const agg = new Map<string, { n: number; long: number; ms: number; samples: number; seats: number[] }>()
  for (const d of det) { const k = d.tier; const a = agg.get(k) ?? { n: 0, long: 0, ms: 0, samples: 0, seats: [] }; a.samples++; a.seats.push(d.seats); agg.set(k, a) }
  for (const t of tasks) { const d = at((t.ts - t0) / 1000); if (!d) continue; const a = agg.get(d.tier)!; a.n++; a.ms += t.dur! / 1000; if (t.dur! > 25000) a.long++ }
  for (const [k, a] of agg) console.log(`tier ${k}: ${a.samples} samples (${(a.samples * 25 / 1000).toFixed(1)} s), seats p50 ${a.seats.sort((x, y) => x - y)[a.seats.length >> 1]} max ${a.seats[a.seats.length - 1]}; GPU main tasks ${a.n}, wall ${a.ms.toFixed(0)} ms (${(a.ms / (a.samples * 25) * 100).toFixed(0)}% of the time), over 25 ms: ${a.long}`)
}

/** What the page holds for this probe while the gestures run. */
interface Rec { __t0: number; __rec?: { stop(): Promise<number[]> }; __det: { t: number; tier: string; seats: number }[]; __detT: ReturnType<typeof setInterval> }

async function main() {
  if (flag('--analyze')) { analyze(JSON.parse(readFileSync(option('--analyze')!, 'utf8')).traceEvents); return }
  await withProbeTarget(async ({ profile, server, venue, browser }) => {
    const { context, page, cdp } = await profiledPage(browser, profile, server.url)
    const interactive = interactiveLogged(page)
    await page.goto(`${server.url}/scheme/${venue.hash}`, { waitUntil: 'commit' })
    await interactive
    await page.waitForFunction(() => (window.__seatwiseTest?.schemeEngine?.getStats().tiles ?? 0) > 0, undefined, { timeout: 15000 }).catch(() => {})
    const map = page.locator('.scheme-map').first()
    await map.scrollIntoViewIfNeeded()
    const box = await map.boundingBox()
    const p = PROFILES[profile]
    const center = box ? { x: box.x + box.width / 2, y: box.y + Math.min(box.height, p.viewport.height - box.y) / 2 } : undefined
    await browser.startTracing(page, { categories: CATEGORIES })
    await page.evaluate(() => { const w = window as unknown as Rec; w.__t0 = performance.now(); performance.mark('gestures-start'); w.__rec = window.__seatwiseTest?.schemeEngine?.recordFrames(); w.__det = []; w.__detT = setInterval(() => { const s = window.__seatwiseTest?.schemeEngine?.getStats(); if (s) w.__det.push({ t: performance.now() - w.__t0, tier: s.tier, seats: s.seatsShown }) }, 25) })
    await runScenario(page, cdp, { rounds: Number(option('--rounds') ?? 2), budgetMs: 60000, ...p.viewport, center })
    const frames: number[] = await page.evaluate(async () => { performance.mark('gestures-end'); return (window as unknown as Rec).__rec!.stop() })
    const det: { t: number; tier: string; seats: number }[] = await page.evaluate(() => { const w = window as unknown as Rec; clearInterval(w.__detT); return w.__det })
    const buf = await browser.stopTracing()
    const save = option('--save')
    if (save) writeFileSync(save.replace(/\.json$/, '-detail.json'), JSON.stringify(det))
    byTier(JSON.parse(buf.toString()).traceEvents, det)
    const s = [...frames].sort((a, b) => a - b)
    console.log(`engine frames: ${s.length}, p50 ${s[Math.floor(s.length / 2)]?.toFixed(1)} p95 ${s[Math.floor(s.length * 0.95)]?.toFixed(1)}, >33: ${s.filter((x) => x > 33).length}`)
    if (save) writeFileSync(save, buf)
    analyze(JSON.parse(buf.toString()).traceEvents)
    await context.close()
  })
}
main().catch((e) => { console.error(e); process.exitCode = 1 })
