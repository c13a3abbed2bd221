import type { CDPSession, Page } from 'playwright-core'

/**
 * The scripted interaction measured for every renderer: wheel zoom in at a point, a mouse drag
 * pan, a two-finger pinch (CDP touch events) and a wheel zoom out, sent back to back as a user's
 * hand would, with frame intervals recorded by a requestAnimationFrame loop in the page. The
 * page keeps normal 60 Hz frame pacing, so the best possible frame time is ~16.7 ms and a slow
 * frame (main thread or GPU: Chromium holds back the next frame while the last is still being
 * drawn) shows up as a long interval.
 */
export interface ScenarioOptions {
  /** Repeats of the whole gesture sequence (fewer in --short). */
  rounds: number
  width: number
  height: number
  /** Stop issuing gestures after this many ms (a baseline at 1 s per frame would take hours). */
  budgetMs: number
  /** Where the gestures aim (default: the middle of width × height): the map's middle on a page. */
  center?: { x: number; y: number }
}

/**
 * Starts recording frame intervals on the page's main thread and, when the lab's engine draws in
 * a worker, in that worker too (engine.recordFrames): the map's frames are the worker's there.
 */
export async function startFrameRecorder(page: Page, source: 'lab' | 'scheme' = 'lab'): Promise<void> {
  await page.evaluate((source) => {
    const w = window as unknown as { __frames: number[]; __recording: boolean; __renderFrames?: { stop(): Promise<number[]> } }
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
    // The storefront's scheme page offers its engine to tests (src/app/seatmap/testHooks.ts).
    const engine = source === 'scheme' ? window.__seatwiseTest?.schemeEngine : window.__seatmap?.engine
    if (engine && engine.getStats().renderIn === 'worker') w.__renderFrames = engine.recordFrames()
  }, source)
}

/** Main-thread intervals, and the render worker's (null when the map is drawn on the main thread). */
export async function stopFrameRecorder(page: Page): Promise<{ main: number[]; render: number[] | null }> {
  return page.evaluate(async () => {
    const w = window as unknown as { __frames: number[]; __recording: boolean; __renderFrames?: { stop(): Promise<number[]> } }
    w.__recording = false
    return { main: w.__frames, render: w.__renderFrames ? await w.__renderFrames.stop() : null }
  })
}

/**
 * Pause between two inputs. Every CDP input call also waits for the page to acknowledge the
 * event (the wheel listener is not passive), so a busy page slows the script down with it and
 * no input queue builds up; 8 ms means at least one input lands in every 60 Hz frame.
 */
export const INPUT_PACE_MS = 8
/** Time after the last input that still counts (inertia and the re-detailing after the wheel debounce). */
export const SETTLE_MS = 400

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Runs the gestures with one input every INPUT_PACE_MS (plus the page's acknowledgement), so
 * the frames recorded meanwhile carry input: the frame-interval percentiles are the frame time
 * of a map being panned and zoomed. Returns the number of inputs sent.
 */
export async function runScenario(page: Page, cdp: CDPSession, o: ScenarioOptions): Promise<number> {
  let inputs = 0
  const cx = o.center?.x ?? o.width / 2
  const cy = o.center?.y ?? o.height / 2
  // Gestures stay inside the viewport: 6 px drag steps and 15 px pinch steps on a desktop, less on a phone.
  const dragStep = Math.min(6, (o.width / 2 - 10) / 40)
  const pinchStep = Math.min(15, (o.width / 2 - 60) / 10)
  const deadline = Date.now() + o.budgetMs
  const over = () => Date.now() > deadline
  const paced = async (send: () => Promise<unknown>) => {
    await send()
    inputs++
    await sleep(INPUT_PACE_MS)
  }
  for (let round = 0; round < o.rounds && !over(); round++) {
    // Wheel zoom in towards a point left of centre: 12 notches.
    await page.mouse.move(cx - 120, cy - 60)
    for (let k = 0; k < 12 && !over(); k++) await paced(() => page.mouse.wheel(0, -120))
    // Drag pan: 40 steps.
    await page.mouse.move(cx, cy)
    await page.mouse.down()
    for (let k = 1; k <= 40 && !over(); k++) await paced(() => page.mouse.move(cx + k * dragStep, cy + k * dragStep / 2))
    await page.mouse.up()
    // Two-finger pinch out then in.
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', pts: { x: number; y: number; id: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map((p) => ({ ...p, radiusX: 2, radiusY: 2, force: 1 })) })
    await touch('touchStart', [{ x: cx - 50, y: cy, id: 1 }, { x: cx + 50, y: cy, id: 2 }])
    for (let k = 1; k <= 20 && !over(); k++) {
      const d = 50 + (k <= 10 ? k : 20 - k) * pinchStep
      await paced(() => touch('touchMove', [{ x: cx - d, y: cy, id: 1 }, { x: cx + d, y: cy, id: 2 }]))
    }
    await touch('touchEnd', [])
    // Wheel zoom back out.
    for (let k = 0; k < 12 && !over(); k++) await paced(() => page.mouse.wheel(0, 120))
  }
  await page.waitForTimeout(SETTLE_MS)
  return inputs
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const s = [...values].sort((a, b) => a - b)
  const idx = Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))
  return s[idx]
}
