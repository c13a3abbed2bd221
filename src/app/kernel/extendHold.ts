import { ApiCallError } from '../../contract/client'
import type { ExtendResult } from './HoldWarning'

/**
 * Runs the extension call behind a HoldWarning (the cart's /api/cart/extend, the order's
 * /api/order/extend): answers what was extended, or, when refused, shows why (the server's text,
 * or `fallback` when the server was not reached) through `warn` and answers null.
 */
export async function extendHold(call: () => Promise<NonNullable<ExtendResult>>, warn: (text: string) => void, fallback: string): Promise<ExtendResult> {
  try {
    return await call()
  } catch (e) {
    warn(e instanceof ApiCallError && e.status !== 0 ? e.errorText : fallback)
    return null
  }
}
