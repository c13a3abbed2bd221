/**
 * One step of a sliced job: works for about `budgetMs` of main thread and answers true once the
 * job is done. `Infinity` means "finish now".
 */
export type SliceStep = (budgetMs: number) => boolean

/**
 * Runs a long main-thread job in slices, one macrotask (`setTimeout(0)`) per slice, so frames
 * and input get through between slices and no slice becomes a long task. When the result is
 * needed earlier, `finish()` runs the rest at once. One job at a time: `start` drops an
 * unfinished one.
 */
export class SlicedTask {
  private step: SliceStep | null = null
  private timer: ReturnType<typeof setTimeout> | null = null

  /**
   * @param sliceMs main-thread budget per slice
   * @param onDone called once the job has finished, whether in slices or through `finish()`
   */
  constructor(
    private readonly sliceMs: number,
    private readonly onDone: () => void,
  ) {}

  /** A job has been started and has not finished or been cancelled. */
  get pending(): boolean {
    return this.step !== null
  }

  /** Takes a new job (dropping any unfinished one); it runs only once asked to. */
  start(step: SliceStep): void {
    this.cancel()
    this.step = step
  }

  /** Runs the job slice by slice, one task each, until it is done. No-op when already scheduled. */
  runInBackground(): void {
    if (!this.step || this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      if (!this.step) return
      if (this.step(this.sliceMs)) this.complete()
      else this.runInBackground()
    }, 0)
  }

  /** The result is needed now: runs the rest of the job synchronously. No-op when none is pending. */
  finish(): void {
    if (!this.step) return
    this.step(Infinity)
    this.complete()
  }

  /** Drops the job without calling `onDone`. */
  cancel(): void {
    this.step = null
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private complete(): void {
    this.cancel()
    this.onDone()
  }
}
