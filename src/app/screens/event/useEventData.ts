import { useCallback, useEffect, useState } from 'react'
import { ApiCallError } from '../../../contract/client'
import type { NoSchemeResponse } from '../../../contract/entities/event'
import { ErrorCode } from '../../../contract/errors'
import { api } from '../../api/client'

/** 'scheme': the hash is a seat-map event, whose page is scheme-view (001 §2), not this one. */
export type EventLoadStatus = 'loading' | 'ready' | 'not-found' | 'scheme' | 'error'

/** Whether an unknown no-scheme hash is a seat-map event: its sessions call answers. */
async function isSchemeEvent(hash: string): Promise<boolean> {
  try {
    await api.call('schemeSessions', { hash })
    return true
  } catch {
    return false
  }
}

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
        if (!notFound) {
          console.error('event data failed', error)
          setStatus('error')
          return
        }
        // A seat-map event reached by /event/… (an old or hand-made link) moves to its scheme page.
        void isSchemeEvent(hash).then((scheme) => {
          if (!cancelled) setStatus(scheme ? 'scheme' : 'not-found')
        })
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
