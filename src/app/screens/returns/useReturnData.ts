import { useCallback, useEffect, useRef, useState } from 'react'
import type { OrderReturnDataResponse } from '../../../contract/entities/returns'
import { ErrorCode } from '../../../contract/errors'
import type { Lang } from '../../../contract/lang'
import { api } from '../../api/client'
import { ApiCallError } from '../../../contract/client'

export type ReturnLoadStatus = 'loading' | 'ready' | 'not-found' | 'error'

export interface ReturnDataState {
  data: OrderReturnDataResponse | null
  status: ReturnLoadStatus
  /** Date.now() when the data arrived (countdowns run from there). */
  loadedAt: number
  reload: () => Promise<void>
}

/** POST /api/order/return/{hash}; -1004 is 'order deleted or not found', other failures a load error. */
export function useReturnData(hash: string, lang: Lang, hashConf: string | null): ReturnDataState {
  const [data, setData] = useState<OrderReturnDataResponse | null>(null)
  const [status, setStatus] = useState<ReturnLoadStatus>('loading')
  const [loadedAt, setLoadedAt] = useState(0)
  const alive = useRef(true)

  const load = useCallback(async () => {
    try {
      const answer = await api.call('orderReturnData', { hash, lang, ...(hashConf === null ? {} : { hashConf }) }, { hash })
      if (!alive.current) return
      setData(answer)
      setLoadedAt(Date.now())
      setStatus('ready')
    } catch (error) {
      if (!alive.current) return
      console.error('return data failed', error)
      const missing = error instanceof ApiCallError && (error.errorCode === ErrorCode.NOT_FOUND || error.errorCode === ErrorCode.BAD_REQUEST)
      setStatus((s) => (s === 'ready' ? s : missing ? 'not-found' : 'error'))
    }
  }, [hash, lang, hashConf])

  useEffect(() => {
    alive.current = true
    void load()
    return () => {
      alive.current = false
    }
  }, [load])

  return { data, status, loadedAt, reload: load }
}
