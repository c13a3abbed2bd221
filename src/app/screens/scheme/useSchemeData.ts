import { useCallback, useEffect, useState } from 'react'
import { ApiCallError } from '../../../contract/client'
import { ErrorCode } from '../../../contract/errors'
import type { Lang } from '../../../contract/lang'
import type { SchemeSessionsResponse } from '../../../contract/entities/scheme'
import type { z } from 'zod'
import type { schemeResponseSchema } from '../../../contract/entities/scheme'
import { api } from '../../api/client'

export type SchemeHeader = z.infer<typeof schemeResponseSchema>
export interface SchemeData {
  header: SchemeHeader
  sessions: SchemeSessionsResponse
}
export type SchemeLoadStatus = 'loading' | 'ready' | 'not-found' | 'error'

/** Loads the scheme-view header (/api/scheme) and its sessions and prices together. */
export function useSchemeData(hash: string, lang: Lang): { data: SchemeData | null; status: SchemeLoadStatus; reload: () => void } {
  const [data, setData] = useState<SchemeData | null>(null)
  const [status, setStatus] = useState<SchemeLoadStatus>('loading')
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let cancelled = false
    Promise.all([api.call('scheme', { hash, lang }), api.call('schemeSessions', { hash })]).then(
      ([header, sessions]) => {
        if (cancelled) return
        setData({ header, sessions })
        setStatus('ready')
      },
      (error: unknown) => {
        if (cancelled) return
        const notFound = error instanceof ApiCallError && (error.errorCode === ErrorCode.NOT_FOUND || error.errorCode === ErrorCode.BAD_REQUEST)
        // Network failures are only logged (001 §8); the screen offers a retry.
        if (!notFound) console.error('scheme data failed', error)
        setStatus(notFound ? 'not-found' : 'error')
      },
    )
    return () => {
      cancelled = true
    }
  }, [hash, lang, attempt])

  const reload = useCallback(() => {
    setStatus('loading')
    setAttempt((n) => n + 1)
  }, [])
  return { data, status, reload }
}
