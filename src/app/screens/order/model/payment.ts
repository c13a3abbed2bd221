import { ErrorCode } from '../../../../contract/errors'
import type { OrderViewResponse, PaymentType } from './types'

/**
 * Which payment start to call (001 §5 "Pay"): the chosen type must have a payment path in urnPay;
 * otherwise 'no bank' when the order has no payment types at all, 'unknown bank' when it has some.
 */
export type PayTarget =
  | { ok: true; typeId: number }
  | { ok: false; error: 'no-bank' | 'unknown-bank'; code: string }

export function payTarget(order: Pick<OrderViewResponse, 'payments' | 'urnPay'>, typeId: number | null): PayTarget {
  if (order.payments.length === 0) return { ok: false, error: 'no-bank', code: ErrorCode.NO_PAYMENT_METHOD }
  if (typeId === null || !(String(typeId) in order.urnPay) || order.urnPay[String(typeId)] === '') {
    return { ok: false, error: 'unknown-bank', code: ErrorCode.UNKNOWN_PAYMENT_METHOD }
  }
  return { ok: true, typeId }
}

/** The type preselected in the radio list: the order's chosen one when offered, else the first. */
export function defaultPaymentType(order: Pick<OrderViewResponse, 'payments' | 'creditCompanyId'>): number | null {
  const chosen = order.payments.find((p) => p.creditcompany_id === order.creditCompanyId)
  return (chosen ?? order.payments[0])?.creditcompany_id ?? null
}

/** protocol_kind 'QR' marks a QR payment type (001 §3). */
export function isQrType(p: PaymentType): boolean {
  return p.protocol_kind.toUpperCase() === 'QR'
}

/** Offers exist and none has been added yet: ask before paying (001 §5). */
export function shouldOfferBeforePay(order: Pick<OrderViewResponse, 'addToping' | 'toping'>): boolean {
  return order.addToping.length > 0 && order.toping.length === 0
}
