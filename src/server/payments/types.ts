import type { PaymentType } from '../../contract/entities/payment'
import type { Db } from '../db/connect'
import { imageUrl } from '../domain/images/urls'
import { listActivePaymentTypes, type PaymentTypeRow } from './payment.repository'
import type { PaymentRegistry } from './registry'

/** protocol_kind of the state culture-card scheme (the gift card of 000): its orders pay only with it. */
export const CARD_SCHEME_KIND = 'CARD_SCHEME'
/** protocol_kind that marks QR payment (001 §3). */
export const QR_KIND = 'QR'
export type { PaymentTypeRow }

/**
 * Payment types offered for an order: active, served by a registered provider, and matching the
 * order's payment method: a gift-card order (use_pushkin_card 1) pays with the card scheme
 * only; any other order with everything but the card scheme.
 */
export async function offeredPaymentTypes(db: Db, registry: PaymentRegistry, order: { use_pushkin_card: number }): Promise<PaymentTypeRow[]> {
  const types = await listActivePaymentTypes(db)
  return types.filter((t) => registry.forProtocol(t.protocol_type) !== undefined && (t.protocol_kind === CARD_SCHEME_KIND) === (order.use_pushkin_card === 1))
}

export function toPaymentType(t: PaymentTypeRow): PaymentType {
  return {
    creditcompany_id: t.id,
    protocol_type: t.protocol_type,
    protocol_kind: t.protocol_kind,
    name_ru: t.name_ru,
    name_en: t.name_en,
    name_kz: t.name_kz,
    name_ch: t.name_ch,
    descript_ru: t.descript_ru,
    descript_en: t.descript_en,
    descript_kz: t.descript_kz,
    descript_ch: t.descript_ch,
    image_url: imageUrl(t.image_file),
  }
}

/**
 * The card-scheme code the order shows (001 §9: 3 pending, 0 success, 4 failure): of its newest
 * card-scheme payment that has one; null when none. While it is pending the order cannot be paid
 * again (the view says paymentAllowed false, and the start call refuses).
 */
export function cardSchemeVerifyCode(payments: readonly { protocol_kind: string; verify_code: number | null }[]): number | null {
  const last = payments.find((p) => p.protocol_kind === CARD_SCHEME_KIND && p.verify_code !== null)
  return last ? last.verify_code : null
}
