import { useRef } from 'react'
import type { Lang } from '../../../contract/lang'
import { api } from '../../api/client'
import { useContractCall } from '../../kernel/useContractCall'
import type { OrderViewResponse } from './model/types'

export type OrderLoadStatus = 'loading' | 'ready' | 'error'

/** Query keys of our own links; anything else on the order URL came from the bank (bank_data). */
const OWN_QUERY = new Set(['lang', 'sub'])

/** The query the bank or card-scheme widget appended when it sent the buyer back (001 §7). */
export function bankDataFromSearch(search: string): Record<string, string> | undefined {
  const out: Record<string, string> = {}
  for (const [k, v] of new URLSearchParams(search)) if (!OWN_QUERY.has(k)) out[k] = v
  return Object.keys(out).length > 0 ? out : undefined
}

export interface OrderState {
  order: OrderViewResponse | null
  status: OrderLoadStatus
  /** Date.now() when the shown order arrived (the countdown runs from there). */
  loadedAt: number
  /** Loads the order again, keeping the current one on screen meanwhile. */
  reload: () => Promise<void>
}

/**
 * POST /api/order/view for a hash. The bank's return query is sent with the first load only, so
 * a reload after polling does not replay it. An answer without an order number is a page error
 * (001 §2); network failures are logged (001 §8).
 */
export function useOrder(hash: string, lang: Lang, search: string): OrderState {
  const bankData = useRef(bankDataFromSearch(search))
  const { data, status, loadedAt, reload } = useContractCall(() => {
    const bank_data = bankData.current
    bankData.current = undefined
    return api.call('orderView', { hash, lang, ...(bank_data === undefined ? {} : { bank_data }) })
  }, [hash, lang], { label: 'order view', notFound: () => false, accept: (answer) => (answer.ord_num ? 'ready' : 'error') })
  return { order: data, status: status === 'not-found' ? 'error' : status, loadedAt, reload }
}
