import type { CDPSession, Page } from 'playwright-core'

/**
 * The scripted interaction measured for every renderer: wheel zoom in at a point, a mouse drag
 * pan, a two-finger pinch (CDP touch events) and a wheel zoom out, with frame intervals recorded
 * by a requestAnimationFrame loop in the page. The page keeps normal 60 Hz frame pacing, so the
 * best possible frame time is ~16.7 ms and a slow frame shows up as a long interval.
 */
export interface ScenarioOptions {
  /** Repeats of the whole gesture sequence (fewer in --short). */
  rounds: number
  width: number
  height: number
  /** Stop issuing gestures after this many ms (a baseline at 1 s per frame would take hours). */
  budgetMs: number
}

export async function startFrameRecorder(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean }
    w.__frames = []
    w.__recording = true
    let last = 0
    const tick = (t: number) => {
      if (!w.__recording) return
      if (last) w.__frames.push(t - last)
      last = t
      requestAnimationFrame(tick)
    }
    requestAnimationFrame(tick)
  })
}

export async function stopFrameRecorder(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean }
    w.__recording = false
    return w.__frames
  })
}

/**
 * Wait until the frame that handles the input just sent has been produced: the first rAF runs
 * in that frame, the second only once the browser has finished it and starts the next one (a
 * renderer backed up on the GPU delays it). Returns input-to-next-frame time in ms (Node clock;
 * the CDP round trip of a few ms is included for every renderer alike).
 */
async function settle(page: Page, t0: number, steps: number[]): Promise<void> {
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))))
  steps.push(performance.now() - t0)
}

/** Runs the gestures; returns the per-step input-to-frame times (see `settle`). */
export async function runScenario(page: Page, cdp: CDPSession, o: ScenarioOptions): Promise<number[]> {
  const steps: number[] = []
  let t0 = 0
  const cx = o.width / 2
  const cy = o.height / 2
  const deadline = Date.now() + o.budgetMs
  const over = () => Date.now() > deadline
  for (let round = 0; round < o.rounds && !over(); round++) {
    // Wheel zoom in towards a point left of centre: 12 notches, one per frame.
    await page.mouse.move(cx - 120, cy - 60)
    for (let k = 0; k < 12 && !over(); k++) {
      t0 = performance.now()
      await page.mouse.wheel(0, -120)
      await settle(page, t0, steps)
    }
    // Drag pan: 40 steps.
    await page.mouse.move(cx, cy)
    await page.mouse.down()
    for (let k = 1; k <= 40 && !over(); k++) {
      t0 = performance.now()
      await page.mouse.move(cx + k * 6, cy + k * 3)
      await settle(page, t0, steps)
    }
    await page.mouse.up()
    // Two-finger pinch out then in.
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', pts: { x: number; y: number; id: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map((p) => ({ ...p, radiusX: 2, radiusY: 2, force: 1 })) })
    await touch('touchStart', [{ x: cx - 50, y: cy, id: 1 }, { x: cx + 50, y: cy, id: 2 }])
    for (let k = 1; k <= 20 && !over(); k++) {
      const d = 50 + (k <= 10 ? k : 20 - k) * 15
      t0 = performance.now()
      await touch('touchMove', [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }])
      await settle(page, t0, steps)
    }
    await touch('touchEnd', [])
    // Wheel zoom back out.
    for (let k = 0; k < 12 && !over(); k++) {
      t0 = performance.now()
      await page.mouse.wheel(0, 120)
      await settle(page, t0, steps)
    }
  }
  // Let inertia and the re-detailing after the wheel debounce land inside the measurement.
  await page.waitForTimeout(400)
  return steps
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const s = [...values].sort((a, b) => a - b)
  const idx = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))
  return s[idx]
}
