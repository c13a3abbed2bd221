/** A small self-contained HTML chart of a browser benchmark result (bars per renderer and size). */
export interface RunResult {
  /** engine-main: our engine drawing on the page's main thread (renderIn=main) instead of its worker. */
  renderer: 'engine' | 'engine-main' | 'svg' | 'drawing' | 'naive'
  seats: number
  ok: boolean
  error?: string
  firstFrameAfterDataMs?: number
  dataMs?: number
  longTasks?: { count: number; totalMs: number; maxMs: number }
  longTasksWhileLoading?: { count: number; totalMs: number; maxMs: number }
  longTaskList?: { startMs: number; durationMs: number }[]
  /** Frame intervals of the thread that draws the map (the render worker for `engine`, else the main thread). */
  frames?: FrameStats
  /** Frame intervals of the page's main thread (input handling, layout; the same as `frames` when it draws). */
  mainFrames?: FrameStats
  /** Where the map was drawn ('worker' or 'main'). */
  drawnIn?: string
  /** Inputs sent during the gestures. */
  inputs?: number
  source?: string
}

export interface FrameStats {
  count: number
  p50: number
  p95: number
  max: number
  mean: number
}

export function renderHtml(title: string, runs: RunResult[], notes: string[]): string {
  const ok = runs.filter((r) => r.ok && r.frames)
  const max = Math.max(50, ...ok.map((r) => r.frames!.p95))
  const color = { engine: '#2563eb', 'engine-main': '#60a5fa', naive: '#f59e0b', svg: '#dc2626', drawing: '#7c3aed' }
  const barH = 22
  const rows = ok.map((r, i) => {
    const w95 = (r.frames!.p95 / max) * 520
    const w50 = (r.frames!.p50 / max) * 520
    const y = 30 + i * (barH + 10)
    return `<text x="0" y="${y + 15}" font-size="12">${r.renderer} ${r.seats.toLocaleString('en')}</text>
<rect x="170" y="${y}" width="${w95}" height="${barH}" fill="${color[r.renderer]}" opacity="0.35"/>
<rect x="170" y="${y}" width="${w50}" height="${barH}" fill="${color[r.renderer]}"/>
<text x="${176 + w95}" y="${y + 15}" font-size="12">p50 ${r.frames!.p50.toFixed(1)} / p95 ${r.frames!.p95.toFixed(1)} ms</text>`
  })
  const line33 = 170 + (33 / max) * 520
  const h = 40 + ok.length * (barH + 10)
  const table = runs
    .map((r) => `<tr><td>${r.renderer}</td><td>${r.seats.toLocaleString('en')}</td><td>${r.ok ? 'ok' : `failed: ${escape(r.error ?? '')}`}</td><td>${fmt(r.dataMs)}</td><td>${fmt(r.firstFrameAfterDataMs)}</td><td>${r.longTasks ? `${r.longTasks.count} / ${fmt(r.longTasks.totalMs)} / ${fmt(r.longTasks.maxMs)}` : ''}</td><td>${r.longTasksWhileLoading ? `${r.longTasksWhileLoading.count} / ${fmt(r.longTasksWhileLoading.maxMs)}` : ''}</td><td>${r.inputs ?? ''}</td><td>${r.frames?.count ?? ''}</td><td>${fmt(r.frames?.p50)}</td><td>${fmt(r.frames?.p95)}</td><td>${fmt(r.frames?.max)}</td></tr>`)
    .join('\n')
  return `<!doctype html><meta charset="utf-8"><title>${escape(title)}</title>
<body style="font:14px sans-serif;margin:24px">
<h1 style="font-size:18px">${escape(title)}</h1>
<p>Frame time (requestAnimationFrame interval) during the scripted pan / zoom / pinch (dark: p50, light: p95). Dashed line: the 33 ms target.</p>
<svg width="900" height="${h}" xmlns="http://www.w3.org/2000/svg">${rows.join('\n')}
<line x1="${line33}" x2="${line33}" y1="20" y2="${h}" stroke="#111" stroke-dasharray="4 3"/></svg>
<table border="1" cellpadding="4" style="border-collapse:collapse;margin-top:16px">
<tr><th>renderer</th><th>seats</th><th>status</th><th>data ms</th><th>first frame after data ms</th><th>long tasks (count / total / max ms)</th><th>while loading (count / max ms)</th><th>inputs</th><th>frames</th><th>frame p50</th><th>frame p95</th><th>frame max</th></tr>
${table}</table>
<ul>${notes.map((n) => `<li>${escape(n)}</li>`).join('')}</ul></body>`
}

function fmt(v: number | undefined): string {
  return v == null || Number.isNaN(v) ? '' : v.toFixed(1)
}

function escape(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string)
}
