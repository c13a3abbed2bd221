/**
 * How the sandbox bank delivers its callback, as real banks do: a callback the shop did not
 * take (busy: a lock held by a frozen or crashed process; the server shutting down; any 5xx or
 * 429) is sent again with growing pauses, so a payment the bank approved is never dropped because
 * the shop was busy for a few seconds. A 2xx or another 4xx is the shop's answer and ends it.
 *
 * First INLINE_DELAYS_MS while the buyer waits on the bank page (about 8 s in all, well within the
 * request deadline); if the shop still has not taken it, the buyer goes on (to the order page,
 * which shows the payment as pending) and the bank keeps trying in the background every
 * BACKGROUND_RETRY_MS, BACKGROUND_TRIES times. The background tries live in this process: a
 * real bank keeps them in its own systems; for the sandbox, a crash of the process that showed
 * the bank page ends them (the order then expires, like an abandoned payment).
 */

/** Pauses before each retry while the buyer waits (ms). */
export const INLINE_DELAYS_MS = [250, 500, 1000, 2000, 4000] as const
/** Background retries after that. */
export const BACKGROUND_RETRY_MS = 15_000
export const BACKGROUND_TRIES = 20

export interface CallbackAnswer {
  statusCode: number
  result: string | null
}

/** Whether the shop's answer means "not taken, try again". */
export const shouldRetry = (a: CallbackAnswer): boolean => a.statusCode >= 500 || a.statusCode === 429

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Sends `send` until the shop takes it; answers the last answer (retry: true when the shop had not
 * taken it by the end of the inline tries and the background tries were started).
 */
export async function deliverCallback(send: () => Promise<CallbackAnswer>, onGiveUp: (last: CallbackAnswer) => void, delays: readonly number[] = INLINE_DELAYS_MS, backgroundMs = BACKGROUND_RETRY_MS): Promise<CallbackAnswer & { retrying: boolean }> {
  let answer = await send()
  for (const ms of delays) {
    if (!shouldRetry(answer)) return { ...answer, retrying: false }
    await pause(ms)
    answer = await send()
  }
  if (!shouldRetry(answer)) return { ...answer, retrying: false }
  let left = BACKGROUND_TRIES
  const again = () => {
    const timer = setTimeout(() => {
      void send()
        .catch((): CallbackAnswer => ({ statusCode: 599, result: null }))
        .then((a) => {
          if (!shouldRetry(a)) return
          if (--left > 0) again()
          else onGiveUp(a)
        })
    }, backgroundMs)
    timer.unref()
  }
  again()
  return { ...answer, retrying: true }
}
