import { useCallback, useEffect, useState } from 'react'
import type { AfishaResponse } from '../../contract/entities/afisha'
import { api } from '../api/client'
import type { LoadStatus } from '../state/session'

/** Loads GET /api/afisha (parsed by the contract client) for the listing screen. */
export function useAfisha(): { data: AfishaResponse | null; status: LoadStatus; reload: () => void } {
  const [data, setData] = useState<AfishaResponse | null>(null)
  const [status, setStatus] = useState<LoadStatus>('loading')
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let cancelled = false
    api.call('afisha').then(
      (answer) => {
        if (cancelled) return
        setData(answer)
        setStatus('ready')
      },
      (error: unknown) => {
        if (cancelled) return
        // Network failures are only logged (spec §8); the screen offers a retry.
        console.error('afisha failed', error)
        setStatus('error')
      },
    )
    return () => {
      cancelled = true
    }
  }, [attempt])

  const reload = useCallback(() => {
    setStatus('loading')
    setAttempt((n) => n + 1)
  }, [])
  return { data, status, reload }
}
