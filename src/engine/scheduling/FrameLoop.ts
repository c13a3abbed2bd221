/**
 * The map's animation frames: whatever changed (input, a status update, the detail timer) asks
 * for a frame, and requests made while one is pending are merged into it, so one frame at a
 * time does the work (`onFrame`). None is asked for while `canRun` says no (before the renderer
 * is up, after dispose); a frame that did not settle everything asks for the next one itself.
 */
export class FrameLoop {
  private raf = 0

  constructor(
    private readonly onFrame: (now: number) => void,
    private readonly canRun: () => boolean,
  ) {}

  request(): void {
    if (this.raf || !this.canRun()) return
    this.raf = requestAnimationFrame((t) => {
      this.raf = 0
      this.onFrame(t)
    })
  }

  /** Drops the pending frame (dispose). */
  cancel(): void {
    cancelAnimationFrame(this.raf)
  }
}
