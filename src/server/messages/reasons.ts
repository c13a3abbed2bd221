import { ErrorCode } from '../../contract/errors'
import { ADMIN_REASONS } from './admin'

/**
 * Every refusal a visitor can meet, by reason: its error code (the spec's catalogue and ours,
 * contract/errors.ts). The texts are in texts.<lang>.ts, one per reason and language;
 * `ApiFailure(reason, params)` (server/errors.ts) is the only way the server refuses, so a code
 * and four texts always travel together. Refusals know nothing of HTTP: the error handler's one
 * table (plugins/error-handler.ts, HTTP_STATUS) gives each reason its status.
 */
const BAD = ErrorCode.BAD_REQUEST
const GONE = ErrorCode.NOT_FOUND
const TAKEN = ErrorCode.UNAVAILABLE

const STOREFRONT_REASONS = {
  // Requests the server cannot read.
  'invalid-fields': BAD,
  'malformed-json': BAD,
  'bad-request': BAD,
  // A body over its call's size limit (Fastify's bodyLimit), or an upload over its size rule (the
  // route's uploadLimit, which the refusal then names): {max} is that limit in whole MB.
  'too-large': BAD,
  'too-many-requests': ErrorCode.LIMIT,
  internal: ErrorCode.INTERNAL,
  // Load and abuse bounds (issue 18): answered with Retry-After.
  busy: ErrorCode.LIMIT,
  'too-many-sessions': ErrorCode.LIMIT,
  'too-many-captchas': ErrorCode.LIMIT,
  'queue-required': ErrorCode.LIMIT,
  'too-many-queue-joins': ErrorCode.LIMIT,
  'too-many-streams': ErrorCode.LIMIT,
  'no-session': ErrorCode.CSRF,
  'csrf-token': ErrorCode.CSRF,
  // Events and sessions.
  'event-not-found': GONE,
  'event-sold-on-map': BAD,
  'event-not-general': GONE,
  'event-not-on-map': GONE,
  'sales-not-open': TAKEN,
  'session-not-found': GONE,
  'session-other-event': GONE,
  'session-no-map': GONE,
  'compiled-venue-not-found': GONE,
  'session-not-on-sale': TAKEN,
  // Buyer data.
  'invalid-buyer': BAD,
  // 001 §5: the address's domain takes no mail (domain/buyer/email-domain.ts).
  'email-not-working': BAD,
  agreements: BAD,
  // Subscriptions.
  'subscription-sign-in': BAD,
  'subscription-not-yours': BAD,
  'subscription-mixed': BAD,
  'subscription-gift': BAD,
  'subscription-left': ErrorCode.LIMIT,
  'subscription-empty': ErrorCode.LIMIT,
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
  'line-needprice': ErrorCode.LIMIT,
  'gift-one-ticket': ErrorCode.LIMIT,
  'order-limit': ErrorCode.LIMIT,
  'group-limit': ErrorCode.LIMIT,
  'row-sold-out': TAKEN,
  'session-sold-out': TAKEN,
  // Payment methods (the spec's messages, 000 §8).
  'unknown-payment-method': ErrorCode.UNKNOWN_PAYMENT_METHOD,
  'no-payment-method': ErrorCode.NO_PAYMENT_METHOD,
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
  'seat-order-limit': ErrorCode.LIMIT,
  'stand-limit': ErrorCode.LIMIT,
  'places-taken': TAKEN,
  // The studio moved the session onto another map version after the places were read (orders/claim.ts).
  'session-map-changed': TAKEN,
  // Best available and the single-seat rule (issue 20).
  'best-none': TAKEN,
  'seat-single-left': BAD,
  // Accessible seating (issue 20 item 3).
  'accessible-none': TAKEN,
  'seat-held-back': TAKEN,
  // Hold extensions (issue 20, WCAG 2.2.1).
  'hold-nothing-held': TAKEN,
  'hold-extensions-used': ErrorCode.LIMIT,
  'hold-sale-ends': TAKEN,
  'hold-queue-waiting': TAKEN,
  // Orders, their view, services and payment.
  'order-not-found': GONE,
  'order-paid': ErrorCode.PAYMENT,
  'payment-verifying': ErrorCode.PAYMENT,
  'order-cancelled': ErrorCode.PAYMENT,
  // The order's session was cancelled (admin/catalogue/session-cancel.ts): it can no longer be paid.
  'order-session-cancelled': ErrorCode.PAYMENT,
  'order-unconfirmed': ErrorCode.BAD_REQUEST,
  'order-expired': ErrorCode.PAYMENT,
  // The same refusals met while changing the order (offers, promo code, bonuses, the hold): orders/state.ts.
  'order-change-cancelled': ErrorCode.PAYMENT,
  'order-change-expired': ErrorCode.PAYMENT,
  'ticket-not-found': GONE,
  'offer-line': BAD,
  'offer-not-available': BAD,
  'offer-package': BAD,
  'offer-price': BAD,
  'offer-limit': ErrorCode.LIMIT,
  'service-not-found': GONE,
  'bonuses-short': ErrorCode.LIMIT,
  'no-card': BAD,
  'card-mismatch': BAD,
  'card-blocked': BAD,
  'bonuses-max': ErrorCode.LIMIT,
  // The order guard.
  'too-many-orders': ErrorCode.LIMIT,
  'captcha-required': ErrorCode.CAPTCHA,
  'captcha-wrong': ErrorCode.CAPTCHA,
  // Named tickets.
  'nominal-columns': BAD,
  'nominal-confirmed': ErrorCode.BAD_REQUEST,
  'nominal-cancelled': TAKEN,
  'nominal-expired': TAKEN,
  'nominal-tickets': BAD,
  'nominal-ticket': BAD,
  'nominal-consent': BAD,
  /** Every ticket of the order is returned: no holder is left to name. */
  'nominal-returned': TAKEN,
  // Returns.
  'return-link-invalid': GONE,
  'return-link-used': TAKEN,
  'return-link-expired': ErrorCode.UNAVAILABLE,
  'return-ticket-twice': BAD,
  // These two are also the return data's error_code (returns/data.ts, policy.ts returnRefusal).
  'return-not-allowed': ErrorCode.UNAVAILABLE,
  /** Paid at the box office (cash, desk card, complimentary): returned there, not online. */
  'return-at-desk': ErrorCode.UNAVAILABLE,
  'return-no-email': ErrorCode.UNAVAILABLE,
  'return-reason': BAD,
  'return-ticket-unknown': GONE,
  'return-ticket-busy': TAKEN,
  'return-deadline': TAKEN,
  /** Admitted at the door (a counted valid entry): a used ticket is not returned online. */
  'return-ticket-used': TAKEN,
  /** Order care refunded tickets of the request while it waited: its link is withdrawn. */
  'return-link-refunded': TAKEN,
  'return-some-busy': TAKEN,
  /** The return would refund another amount than the page showed (the request's summa): the order changed since. */
  'return-amount-changed': ErrorCode.AMOUNT_CHANGED,
  'return-mail-failed': ErrorCode.INTERNAL,
  'return-hash-mismatch': BAD,
  // CRM sign-in.
  'crm-refused': ErrorCode.BAD_REQUEST,
  'crm-unknown': ErrorCode.NOT_FOUND,
  // Door check-in API (DOOR_TOKEN until the console's door role replaces it).
  'door-off': ErrorCode.BAD_REQUEST,
  'door-token': ErrorCode.BAD_REQUEST,
} as const satisfies Record<string, string>

/** The storefront's reasons and the operator console's (admin.ts, texts there too). */
export const REASONS = { ...STOREFRONT_REASONS, ...ADMIN_REASONS }

export type Reason = keyof typeof REASONS

/** Texts that are not refusals: notes in successful answers, and pieces the refusals are built of. */
export const PHRASES = [
  'promo-invalid',
  'paid-without-bank',
  'phrase.stand',
  'phrase.more',
  'phrase.captcha-question',
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
export type Texts = Record<keyof typeof STOREFRONT_REASONS | Phrase, string>
