import { ErrorCode } from '../../contract/errors'
import { RETURN_NOT_ALLOWED_CODE } from '../domain/returns/constants'

/**
 * Every refusal a visitor can meet, by reason: its error code (the spec's catalogue and ours,
 * contract/errors.ts) and HTTP status. The texts are in texts.<lang>.ts, one per reason and
 * language; `ApiFailure(reason, params)` (server/errors.ts) is the only way the server refuses,
 * so a code, a status and four texts always travel together.
 */
const r = (code: string, status: number) => ({ code, status })
const BAD = r(ErrorCode.BAD_REQUEST, 400)
const GONE = r(ErrorCode.NOT_FOUND, 404)
const TAKEN = r(ErrorCode.UNAVAILABLE, 409)

export const REASONS = {
  // Requests the server cannot read.
  'invalid-fields': BAD,
  'malformed-json': BAD,
  'bad-request': BAD,
  'too-many-requests': r(ErrorCode.LIMIT, 429),
  internal: r(ErrorCode.INTERNAL, 500),
  'no-session': r(ErrorCode.CSRF, 403),
  // Events and sessions.
  'event-not-found': GONE,
  'event-sold-on-map': BAD,
  'event-not-general': GONE,
  'event-not-on-map': GONE,
  'sales-not-open': TAKEN,
  'session-not-found': GONE,
  'session-other-event': GONE,
  'session-no-map': GONE,
  'session-not-on-sale': TAKEN,
  // Buyer data.
  'invalid-buyer': BAD,
  agreements: BAD,
  // Subscriptions.
  'subscription-sign-in': BAD,
  'subscription-not-yours': BAD,
  'subscription-mixed': BAD,
  'subscription-gift': BAD,
  'subscription-left': r(ErrorCode.LIMIT, 400),
  'subscription-empty': r(ErrorCode.LIMIT, 409),
  // General-admission order lines and limits.
  'line-other-event': BAD,
  'line-quantity': BAD,
  'line-no-session': BAD,
  'line-no-price': BAD,
  'line-twice': BAD,
  'line-not-gift': BAD,
  'line-gift-only': BAD,
  'line-not-on-sale': BAD,
  'line-sum': BAD,
  'line-needprice': r(ErrorCode.LIMIT, 400),
  'gift-one-ticket': r(ErrorCode.LIMIT, 400),
  'order-limit': r(ErrorCode.LIMIT, 400),
  'group-limit': r(ErrorCode.LIMIT, 409),
  'row-sold-out': TAKEN,
  'session-sold-out': TAKEN,
  // Payment methods (the spec's messages, 000 §8).
  'unknown-payment-method': r(ErrorCode.UNKNOWN_PAYMENT_METHOD, 400),
  'no-payment-method': r(ErrorCode.NO_PAYMENT_METHOD, 400),
  // Seat-map carts and orders.
  'place-twice': BAD,
  'unknown-places': BAD,
  'seat-quantity': BAD,
  'ticket-quantity': BAD,
  'place-not-on-sale': BAD,
  'place-no-category': BAD,
  'place-not-gift': BAD,
  'place-gift-only': BAD,
  'place-no-amount': BAD,
  'place-not-by-subscription': BAD,
  'seat-order-limit': r(ErrorCode.LIMIT, 400),
  'stand-limit': r(ErrorCode.LIMIT, 400),
  'places-taken': TAKEN,
  // Orders, their view, services and payment.
  'order-not-found': GONE,
  'order-paid': r(ErrorCode.PAYMENT, 409),
  'order-cancelled': r(ErrorCode.PAYMENT, 409),
  'order-unconfirmed': r(ErrorCode.BAD_REQUEST, 409),
  'order-expired': r(ErrorCode.PAYMENT, 409),
  'ticket-not-found': GONE,
  'offer-line': BAD,
  'offer-not-available': BAD,
  'offer-package': BAD,
  'offer-price': BAD,
  'offer-limit': r(ErrorCode.LIMIT, 400),
  'service-not-found': GONE,
  'bonuses-short': r(ErrorCode.LIMIT, 409),
  'no-card': BAD,
  'card-mismatch': BAD,
  'card-blocked': BAD,
  'bonuses-max': r(ErrorCode.LIMIT, 400),
  // The order guard.
  'too-many-orders': r(ErrorCode.LIMIT, 429),
  'captcha-required': r(ErrorCode.CAPTCHA, 400),
  'captcha-wrong': r(ErrorCode.CAPTCHA, 400),
  // Named tickets.
  'nominal-columns': BAD,
  'nominal-confirmed': r(ErrorCode.BAD_REQUEST, 409),
  'nominal-cancelled': TAKEN,
  'nominal-expired': TAKEN,
  'nominal-tickets': BAD,
  'nominal-ticket': BAD,
  'nominal-consent': BAD,
  // Returns.
  'return-link-invalid': GONE,
  'return-link-used': TAKEN,
  'return-link-expired': r(ErrorCode.UNAVAILABLE, 410),
  'refund-provider-down': r(ErrorCode.PAYMENT, 502),
  'refund-bank-refused': r(ErrorCode.PAYMENT, 502),
  'return-ticket-twice': BAD,
  'return-not-allowed': r(RETURN_NOT_ALLOWED_CODE, 409),
  'return-no-email': r(RETURN_NOT_ALLOWED_CODE, 409),
  'return-reason': BAD,
  'return-ticket-unknown': GONE,
  'return-ticket-busy': TAKEN,
  'return-deadline': TAKEN,
  'return-some-busy': TAKEN,
  'return-mail-failed': r(ErrorCode.INTERNAL, 502),
  'return-hash-mismatch': BAD,
  // CRM sign-in.
  'crm-refused': r(ErrorCode.BAD_REQUEST, 401),
  'crm-unknown': r(ErrorCode.NOT_FOUND, 401),
} as const

export type Reason = keyof typeof REASONS

/** Texts that are not refusals: notes in successful answers, and pieces the refusals are built of. */
export const PHRASES = [
  'promo-invalid',
  'paid-without-bank',
  'phrase.seat',
  'phrase.stand',
  'phrase.more',
  'field.fio',
  'field.surname',
  'field.name',
  'field.patronymic',
  'field.middleName',
  'field.phone',
  'field.email',
  'field.re_email',
  'field.age',
  'field.date',
  'field.docTypeId',
  'field.docNum',
  'field.countryId',
  'field.regionId',
] as const
export type Phrase = (typeof PHRASES)[number]

/** One language's texts: every reason and phrase, with {placeholders} for the parameters. */
export type Texts = Record<Reason | Phrase, string>
