import { useCallback, useEffect, useState } from 'react'
import { ApiCallError } from '../../../contract/client'
import type { NoSchemeResponse } from '../../../contract/entities/event'
import { ErrorCode } from '../../../contract/errors'
import { api } from '../../api/client'

export type EventLoadStatus = 'loading' | 'ready' | 'not-found' | 'error'

/** Loads POST /api/no-scheme for an event hash (parsed by the contract client). */
export function useEventData(hash: string): { data: NoSchemeResponse | null; status: EventLoadStatus; reload: () => void } {
  const [data, setData] = useState<NoSchemeResponse | null>(null)
  const [status, setStatus] = useState<EventLoadStatus>('loading')
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let cancelled = false
    api.call('noScheme', { hash }).then(
      (answer) => {
        if (cancelled) return
        setData(answer)
        setStatus('ready')
      },
      (error: unknown) => {
        if (cancelled) return
        const notFound = error instanceof ApiCallError && (error.errorCode === ErrorCode.NOT_FOUND || error.errorCode === ErrorCode.BAD_REQUEST)
        // Network failures are only logged (000 §8); the screen offers a retry.
        if (!notFound) console.error('event data failed', error)
        setStatus(notFound ? 'not-found' : 'error')
      },
    )
    return () => {
      cancelled = true
    }
  }, [hash, attempt])

  const reload = useCallback(() => {
    setStatus('loading')
    setAttempt((n) => n + 1)
  }, [])
  return { data, status, reload }
}
