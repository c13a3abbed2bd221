import { ApiFailure } from '../../errors'

/**
 * The one rule for extending a hold by the buyer (issue 20 item 4, WCAG 2.2.1), shared by the
 * cart's seat holds (cart/hold-extension.ts) and an unpaid order's reserve
 * (orders/reserve-extension.ts): at most `maxExtensions` times, each by `stepSeconds`, never past
 * `bound` (the session's start or off-sale time). Answers the hold's new end, or throws the
 * refusal: 'hold-extensions-used' when none are left, 'hold-sale-ends' when the bound leaves
 * nothing to add.
 */
export function extendedHoldEnd(hold: { end: number; used: number }, rule: { maxExtensions: number; stepSeconds: number; bound: number }): number {
  if (hold.used >= rule.maxExtensions) throw new ApiFailure('hold-extensions-used', { max: rule.maxExtensions })
  const until = Math.min(hold.end + rule.stepSeconds * 1000, rule.bound)
  if (until <= hold.end) throw new ApiFailure('hold-sale-ends')
  return until
}
