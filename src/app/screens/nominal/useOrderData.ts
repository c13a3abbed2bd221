import { useEffect, useState } from 'react'
import { ApiCallError } from '../../../contract/client'
import type { OrderDataResponse } from '../../../contract/entities/nominal'
import { ErrorCode } from '../../../contract/errors'
import type { Lang } from '../../../contract/lang'
import { api } from '../../api/client'

export type OrderDataState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error' }
  | { status: 'ready'; data: OrderDataResponse; loadedAt: number }

/**
 * POST /api/order-data for a hash. An unknown order (NOT_FOUND, or no rows) is "order deleted"
 * (000 §8); other failures are logged (network failures show nothing else, 000 §8).
 */
export function useOrderData(hash: string, lang: Lang): OrderDataState {
  const [state, setState] = useState<OrderDataState>({ status: 'loading' })
  useEffect(() => {
    let alive = true
    api
      .call('orderData', { hash, lang })
      .then((data) => {
        if (alive) setState(data.rows.length === 0 ? { status: 'missing' } : { status: 'ready', data, loadedAt: Date.now() })
      })
      .catch((error: unknown) => {
        if (!alive) return
        if (error instanceof ApiCallError && error.errorCode === ErrorCode.NOT_FOUND) setState({ status: 'missing' })
        else {
          console.error('order data failed', error)
          setState({ status: 'error' })
        }
      })
    return () => {
      alive = false
    }
  }, [hash, lang])
  return state
}
