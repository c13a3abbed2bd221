import type { OrderReturnDataResponse } from '../../../contract/entities/returns'
import type { Lang } from '../../../contract/lang'
import { api } from '../../api/client'
import { useContractCall, type Loaded } from '../../kernel/useContractCall'

/** POST /api/order/return/{hash}; -1004 is 'order deleted or not found', other failures a load error. */
export function useReturnData(hash: string, lang: Lang, hashConf: string | null): Loaded<OrderReturnDataResponse> {
  return useContractCall(
    () => api.call('orderReturnData', { hash, lang, ...(hashConf === null ? {} : { hashConf }) }, { hash }),
    [hash, lang, hashConf],
    { label: 'return data' },
  )
}
