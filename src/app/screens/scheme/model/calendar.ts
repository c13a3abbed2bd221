import type { Selection } from '../../../../contract/selection'
import { eventPath } from '../../../kernel/selection'

const EVENT_PREFIX = '/event'

/** `/scheme/{hash}/{date?}/{time?}`: the event page's path rule under the scheme prefix. */
export function schemePath(hash: string, sel: Selection): string {
  return `/scheme${eventPath(hash, sel).slice(EVENT_PREFIX.length)}`
}
