/** protocol_kind of the state culture-card scheme (the gift card of 000): its orders pay only with it. */
export const CARD_SCHEME_KIND = 'CARD_SCHEME'

/**
 * The card-scheme code the order shows (001 §9: 3 pending, 0 success, 4 failure): of its newest
 * card-scheme payment that has one; null when none. While it is pending the order cannot be paid
 * again (the view says paymentAllowed false, and the start call refuses).
 */
export function cardSchemeVerifyCode(payments: readonly { protocol_kind: string; verify_code: number | null }[]): number | null {
  const last = payments.find((p) => p.protocol_kind === CARD_SCHEME_KIND && p.verify_code !== null)
  return last ? last.verify_code : null
}
