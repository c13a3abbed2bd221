import type { Db } from '../../db/connect'
import { ProcessCache } from '../../db/process-cache'
import { listOrderCheckboxes } from './repository'

/**
 * How late an order may judge its agreement checkboxes by another process's edit (issue 18:
 * every order, and every event and seat-map page, read them; an on-sale rush's order is about
 * twenty statements). Operators edit them rarely and never in a rush; this process's own edits
 * are seen at once (write-watch.ts watches the table, the console's calls clear the cache). What
 * the lag costs: for up to this long after an operator adds a required checkbox elsewhere, an
 * order without it may pass, as it would have a moment earlier; the page the buyer filled was
 * older than that anyway. No money rides on it.
 */
export const ORDER_CHECKBOXES_TTL_MS = 1000

type Checkboxes = Awaited<ReturnType<typeof listOrderCheckboxes>>
const cache = new ProcessCache<0, Checkboxes>(ORDER_CHECKBOXES_TTL_MS, 1)

/**
 * The order form's agreement checkboxes, at most ORDER_CHECKBOXES_TTL_MS old. Shared between
 * requests: read them, never change them. `now` is the wall clock but for tests (an entry read at
 * a later moment would be served until that moment).
 */
export function orderCheckboxes(db: Db, now = Date.now()): Promise<Checkboxes> {
  return cache.get(db, 0, () => listOrderCheckboxes(db), now)
}
