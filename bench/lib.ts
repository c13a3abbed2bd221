/**
 * Shared helpers for the Node benchmarks: machine description, a tinybench wrapper that returns
 * plain numbers, and writing results into bench/results.
 */
import { cpus, totalmem } from 'node:os'
import { mkdirSync, writeFileSync } from 'node:fs'
import { Bench } from 'tinybench'

export interface Machine {
  cpu: string
  cores: number
  memoryGB: number
  node: string
  platform: string
}

export function machine(): Machine {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  }
}

export interface Timing {
  /** Milliseconds per call. */
  mean: number
  p50: number
  min: number
  samples: number
}

export interface RunOptions {
  /** Minimum calls per task. */
  iterations: number
  /** Time budget per task in ms (tinybench stops when both limits are reached). */
  time: number
  warmup?: boolean
}

/** Runs named tasks in one Bench (same process, same conditions) and returns their timings. */
export async function measure(tasks: Record<string, () => unknown>, options: RunOptions): Promise<Record<string, Timing>> {
  const bench = new Bench({
    iterations: options.iterations,
    time: options.time,
    warmup: options.warmup ?? true,
    warmupIterations: options.warmup === false ? 0 : Math.min(options.iterations, 8),
    warmupTime: options.warmup === false ? 0 : Math.min(options.time, 200),
    throws: true,
  })
  for (const [name, fn] of Object.entries(tasks)) bench.add(name, fn)
  await bench.run()
  const out: Record<string, Timing> = {}
  for (const task of bench.tasks) {
    const r = task.result
    if (r.state !== 'completed') throw new Error(`task ${task.name} ended ${r.state}`)
    out[task.name] = {
      mean: r.latency.mean,
      p50: r.latency.p50,
      min: r.latency.min,
      samples: r.latency.samplesCount ?? 0,
    }
  }
  return out
}

/**
 * Runs two or more tasks in alternation, one call of each per round, and returns their timings.
 * tinybench runs one task's whole budget and then the next's, so on a shared box a burst of other
 * work that lands in one task's window moves the ratio by itself (CI saw a short parse ratio go
 * 0.60, 0.80 back to back). Alternating puts both sides in the same conditions round by round;
 * the cost is a round's worth of calls on each side, no more time than the block runs. (A forced
 * full collection before each call was tried to keep one side's garbage off the other's clock:
 * it made our parse 3-5× slower, large typed arrays allocated into a freshly shrunk heap.)
 */
export function measureAlternated(tasks: Record<string, () => unknown>, options: { rounds: number; warmup: boolean }): Record<string, Timing> {
  const names = Object.keys(tasks)
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]))
  if (options.warmup) for (const n of names) tasks[n]()
  for (let round = 0; round < options.rounds; round++) {
    // Odd rounds run the tasks in reverse, so neither always follows the other's garbage.
    const order = round % 2 === 0 ? names : [...names].reverse()
    for (const n of order) {
      const t0 = performance.now()
      tasks[n]()
      samples[n].push(performance.now() - t0)
    }
  }
  const out: Record<string, Timing> = {}
  for (const n of names) {
    const sorted = [...samples[n]].sort((a, b) => a - b)
    out[n] = {
      mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
      p50: sorted[Math.floor(sorted.length / 2)],
      min: sorted[0],
      samples: sorted.length,
    }
  }
  return out
}

/** Writes JSON into bench/results/<UTC date>-<suffix>.json and returns the path. */
export function writeResults(suffix: string, data: unknown): string {
  const dir = new URL('./results/', import.meta.url)
  mkdirSync(dir, { recursive: true })
  const date = new Date().toISOString().slice(0, 10)
  const file = new URL(`${date}-${suffix}.json`, dir)
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`)
  return file.pathname
}

/** A deterministic sequence in [0, 1) for query points (same points for every candidate). */
export function points(count: number, seed = 1): Float64Array {
  const out = new Float64Array(count)
  let s = seed >>> 0
  for (let i = 0; i < count; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    out[i] = s / 2 ** 32
  }
  return out
}
