import { startTransition, useCallback, useEffect, useRef, useState, type DependencyList } from 'react'
import { ApiCallError } from '../../contract/client'
import { ErrorCode } from '../../contract/errors'

/** Where a screen's data is: first load, shown, nothing there (000/001 §8 "not found"), failed. */
export type LoadStatus = 'loading' | 'ready' | 'not-found' | 'error'

export interface Loaded<T> {
  data: T | null
  status: LoadStatus
  /** Date.now() when the shown data arrived (countdowns run from there); 0 before. */
  loadedAt: number
  /**
   * Loads again. Shown data stays on screen meanwhile and stays when the reload fails (a poll
   * that hits a network blip changes nothing); from an error screen it shows loading first.
   */
  reload: () => Promise<void>
  /**
   * reload() that answers whether new data arrived (false: the call failed or was overtaken, and
   * the shown data is still the old), for a screen that must not act on old data as if it were new.
   */
  refresh: () => Promise<boolean>
}

export interface LoadOptions<T> {
  /** Logged with a failure ("afisha failed"). */
  label: string
  /** Failures that mean "nothing there" (default: the contract's not-found and bad-request codes). */
  notFound?: (error: unknown) => boolean
  /** How an answer is shown: 'ready' (default), or 'not-found' / 'error' for answers the screen cannot use. */
  accept?: (data: T) => LoadStatus
}

const isNotFound = (error: unknown): boolean =>
  error instanceof ApiCallError && (error.errorCode === ErrorCode.NOT_FOUND || error.errorCode === ErrorCode.BAD_REQUEST)

/**
 * The one data-loading hook of the screens (issue 14.5): runs a contract call when `deps`
 * change, drops answers that arrive after the screen moved on, logs failures that are not
 * "not found" (network failures are only logged, 000/001 §8; the screen offers a retry).
 */
export function useContractCall<T>(load: () => Promise<T>, deps: DependencyList, options: LoadOptions<T>): Loaded<T> {
  const [state, setState] = useState<Omit<Loaded<T>, 'reload' | 'refresh'>>({ data: null, status: 'loading', loadedAt: 0 })
  const latest = useRef({ load, options })
  latest.current = { load, options }
  const generation = useRef(0)

  const run = useCallback(async (urgent: boolean): Promise<boolean> => {
    const mine = ++generation.current
    setState((s) => (s.status === 'ready' || s.status === 'loading' ? s : { ...s, status: 'loading' }))
    const { load: call, options: o } = latest.current
    const show = urgent ? (update: () => void) => update() : startTransition
    try {
      const data = await call()
      if (mine !== generation.current) return false
      const status = o.accept?.(data) ?? 'ready'
      const loaded = status === 'ready' ? { data, status, loadedAt: Date.now() } : { data: null, status, loadedAt: 0 }
      // The screen a first answer brings is rendered in a transition: React renders it in slices
      // of a few ms with yields between them. As a plain update it was one task (the scheme
      // page's header, dates and session: 50-170 ms on the way to the map, issue 16's long tasks).
      // An explicit reload is a plain update: a caller that awaits reload() and then
      // says what changed ("time to pay extended") renders after the new data, not beside the
      // old (a transition commits later, and the order page showed the confirmation under the
      // pre-extension warning until it did).
      show(() => setState(loaded))
      return status === 'ready'
    } catch (error) {
      if (mine !== generation.current) return false
      const missing = (o.notFound ?? isNotFound)(error)
      if (!missing) console.error(`${o.label} failed`, error)
      show(() => setState((s) => (s.status === 'ready' ? s : { ...s, status: missing ? 'not-found' : 'error' })))
      return false
    }
  }, [])

  useEffect(() => {
    void run(false)
    // Answers of this run arrive stale once the deps changed or the screen left.
    const runs = generation
    return () => {
      runs.current++
    }
    // The caller's deps say when the call changes; `load` is read fresh at each run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)

  const reload = useCallback(async () => {
    await run(true)
  }, [run])
  const refresh = useCallback(() => run(true), [run])
  return { ...state, reload, refresh }
}
