import { readdirSync, readFileSync } from 'node:fs'
import os from 'node:os'

/**
 * CPU time of this benchmark's own Chromium processes, read from /proc (Linux only; null
 * elsewhere). Why: on the shared 2-core box, frame intervals measure the machine's load as much
 * as the page (other agents' work pushes a 10 ms frame past 16.7 or 33 ms), while the CPU time the
 * browser spends on a gesture does not depend on who else runs. With software WebGL (SwiftShader)
 * the drawing itself runs in the GPU process, the engine and its render worker in the renderer
 * process: CPU ms per frame of each says what a frame costs and where.
 *
 * Only descendants of this Node process count (other agents run Chromium on the same machine).
 */

export interface ProcessCpu {
  /** utime + stime, ms, summed over processes of each Chromium process type (gpu-process, renderer, …). */
  byType: Record<string, number>
}

const TICK_MS = 1000 / 100 // USER_HZ: 100 on every Linux we run

function children(): Map<number, number[]> {
  const kids = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    const pid = Number(name)
    if (!Number.isInteger(pid)) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      const list = kids.get(ppid) ?? []
      list.push(pid)
      kids.set(ppid, list)
    } catch {
      // The process ended while we listed.
    }
  }
  return kids
}

/** CPU time so far of every Chromium process under this one, by process type; null off Linux. */
export function chromiumCpu(): ProcessCpu | null {
  if (os.platform() !== 'linux') return null
  const kids = children()
  const byType: Record<string, number> = {}
  const queue = [...(kids.get(process.pid) ?? [])]
  while (queue.length) {
    const pid = queue.pop()!
    queue.push(...(kids.get(pid) ?? []))
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (!/chrom/i.test(cmd.split('\0')[0])) continue
      const type = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser'
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      // Fields 14 and 15 of stat (utime, stime), counted from the state field (3rd) here.
      byType[type] = (byType[type] ?? 0) + (Number(f[11]) + Number(f[12])) * TICK_MS
    } catch {
      // The process ended while we read it.
    }
  }
  return { byType }
}

/** CPU ms each process type spent between two readings (types that ran in either). */
export function cpuBetween(a: ProcessCpu | null, b: ProcessCpu | null): Record<string, number> | null {
  if (!a || !b) return null
  const out: Record<string, number> = {}
  for (const t of new Set([...Object.keys(a.byType), ...Object.keys(b.byType)])) out[t] = Math.round((b.byType[t] ?? 0) - (a.byType[t] ?? 0))
  return out
}
