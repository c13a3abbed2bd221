import type { PaymentType } from '../../contract/entities/payment'
import type { Db } from '../db/connect'
import { imageUrl } from '../domain/images/urls'
import { listActivePaymentTypes, type PaymentTypeRow } from './payment.repository'
import type { PaymentRegistry } from './registry'

import { CARD_SCHEME_KIND } from '../domain/orders/card-scheme'
export { CARD_SCHEME_KIND, cardSchemeVerifyCode } from '../domain/orders/card-scheme'
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
