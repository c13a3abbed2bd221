/**
 * Loading code in stages (issue 16: no main-thread task over 50 ms from navigation to an
 * interactive map). A module graph evaluates in one task; importing big parts one after the
 * other, with a yield to the browser between them, evaluates each in a task of its own, so input,
 * paint and network callbacks run in between.
 */

/** Lets the browser run other tasks (input, paint, network) before the next stage. */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/** Runs the loaders one after the other, yielding between them; answers the last one's module. */
export async function loadInStages<T>(stages: readonly (() => Promise<unknown>)[], last: () => Promise<T>): Promise<T> {
  for (const stage of stages) {
    await stage()
    await yieldToBrowser()
  }
  return last()
}
