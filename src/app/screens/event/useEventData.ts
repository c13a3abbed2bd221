import { ApiCallError } from '../../../contract/client'
import type { NoSchemeResponse } from '../../../contract/entities/event'
import { ErrorCode } from '../../../contract/errors'
import { api } from '../../api/client'
import { useContractCall, type LoadStatus } from '../../kernel/useContractCall'

/** 'scheme': the hash is a seat-map event, whose page is scheme-view (001 §2), not this one. */
export type EventLoadStatus = LoadStatus | 'scheme'

/** Whether an unknown no-scheme hash is a seat-map event: its sessions call answers. */
async function isSchemeEvent(hash: string): Promise<boolean> {
  try {
    await api.call('schemeSessions', { hash })
    return true
  } catch {
    return false
  }
}

const SCHEME = 'scheme' as const

/**
 * POST /api/no-scheme for an event hash. A seat-map event reached by /event/… (an old or
 * hand-made link) answers not-found here; its sessions call tells, and the page moves to it.
 */
export function useEventData(hash: string): { data: NoSchemeResponse | null; status: EventLoadStatus; reload: () => void } {
  const loaded = useContractCall<NoSchemeResponse | typeof SCHEME>(async () => {
    try {
      return await api.call('noScheme', { hash })
    } catch (error) {
      const notFound = error instanceof ApiCallError && (error.errorCode === ErrorCode.NOT_FOUND || error.errorCode === ErrorCode.BAD_REQUEST)
      if (notFound && (await isSchemeEvent(hash))) return SCHEME
      throw error
    }
  }, [hash], { label: 'event data' })
  const { data, status, reload } = loaded
  if (data === SCHEME) return { data: null, status: 'scheme', reload: () => void reload() }
  return { data, status, reload: () => void reload() }
}
