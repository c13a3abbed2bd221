import { ApiCallError } from '../../../contract/client'
import type { OrderDataResponse } from '../../../contract/entities/nominal'
import { ErrorCode } from '../../../contract/errors'
import type { Lang } from '../../../contract/lang'
import { api } from '../../api/client'
import { useContractCall, type Loaded } from '../../kernel/useContractCall'

/**
 * POST /api/order-data for a hash. An unknown order (not found, or no rows) is "order deleted"
 * (000 §8); other failures are logged (network failures show nothing else, 000 §8).
 */
export function useOrderData(hash: string, lang: Lang): Loaded<OrderDataResponse> {
  return useContractCall(() => api.call('orderData', { hash, lang }), [hash, lang], {
    label: 'order data',
    notFound: (error) => error instanceof ApiCallError && error.errorCode === ErrorCode.NOT_FOUND,
    accept: (data) => (data.rows.length === 0 ? 'not-found' : 'ready'),
  })
}
