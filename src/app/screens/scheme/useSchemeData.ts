import type { z } from 'zod'
import type { Lang } from '../../../contract/lang'
import type { SchemeSessionsResponse, schemeResponseSchema } from '../../../contract/entities/scheme'
import { api } from '../../api/client'
import { useContractCall, type Loaded } from '../../kernel/useContractCall'

export type SchemeHeader = z.infer<typeof schemeResponseSchema>
export interface SchemeData {
  header: SchemeHeader
  sessions: SchemeSessionsResponse
}

/** The scheme-view header (/api/scheme) and its sessions and prices, loaded together. */
export function useSchemeData(hash: string, lang: Lang): Loaded<SchemeData> {
  return useContractCall(async () => {
    const [header, sessions] = await Promise.all([api.call('scheme', { hash, lang }), api.call('schemeSessions', { hash })])
    return { header, sessions }
  }, [hash, lang], { label: 'scheme data' })
}
