/**
 * Intervals between this thread's animation frames, for benchmarks: a frame that took long (on
 * the CPU, or waiting for the GPU, since the browser holds back the next frame while the last is
 * still being drawn) shows up as a long interval. Runs in whichever thread draws the map.
 */
export function recordAnimationFrames(): { stop(): Promise<number[]> } {
  const intervals: number[] = []
  let last = 0
  let raf = 0
  const tick = (t: number) => {
    if (last) intervals.push(t - last)
    last = t
    raf = requestAnimationFrame(tick)
  }
  raf = requestAnimationFrame(tick)
  return {
    stop() {
      cancelAnimationFrame(raf)
      return Promise.resolve(intervals)
    },
  }
}
