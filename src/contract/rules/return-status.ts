import { RETURN_STATUS_CONFIRMED } from '../constants'

/**
 * A ticket line counts as returned once its return is confirmed (001 §4 statuses 70 and 80): no
 * code, not in the totals, not named or e-mailed. One rule for the server's money and the
 * client's order page.
 */
export function isReturned(returnStatus: number): boolean {
  return returnStatus >= RETURN_STATUS_CONFIRMED
}
