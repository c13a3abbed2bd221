import { z } from 'zod'

/**
 * Error codes of the storefront API. Every answer that fails carries `{errorCode, errorText}`;
 * errorCode is a string and '0' means success.
 *
 * From the spec (§8 of document 000): OK, CSRF, CAPTCHA, INTERNAL, LIMIT, PAYMENT,
 * UNKNOWN_PAYMENT_METHOD, NO_PAYMENT_METHOD.
 *
 * Our own additions (the spec names no code for these cases, so we chose unused numbers near the
 * CSRF and captcha codes): BAD_REQUEST '-1002' (malformed or invalid request body), NOT_FOUND
 * '-1004' (unknown order, event or hash), UNAVAILABLE '-1005' (seats or tickets no longer
 * available), AMOUNT_CHANGED '-1006' (a return would refund another amount than the page showed),
 * NOT_BUILT '-1009' (the call exists in the contract but is not available yet).
 */
export const ErrorCode = {
  /** Success. */
  OK: '0',
  /** CSRF token missing or invalid: the client refetches /api/token and retries once. */
  CSRF: '-1000',
  /** Bot check (image captcha or recaptcha) failed: the client shows the captcha again. */
  CAPTCHA: '-1001',
  /** Our addition: malformed JSON or a body that fails the call's request schema. */
  BAD_REQUEST: '-1002',
  /** Our addition: unknown order, event, session or hash. */
  NOT_FOUND: '-1004',
  /** Our addition: the chosen seats or tickets are no longer available. */
  UNAVAILABLE: '-1005',
  /**
   * Our addition: a return (return-create or return-confirm) would refund another amount than the
   * page showed for its tickets (the request's `summa`): the order changed since the page loaded.
   * Nothing is done; the page reads its rows again and says why.
   */
  AMOUNT_CHANGED: '-1006',
  /** Our addition: the call is in the contract but the server does not offer it yet. */
  NOT_BUILT: '-1009',
  /** Internal error; also what a missing errorCode is treated as. */
  INTERNAL: '-9999',
  /** Limit reached (tickets per order, requests per minute). */
  LIMIT: '-9998',
  /** Payment failed. */
  PAYMENT: '-9997',
  /** The chosen payment type has no payment path. */
  UNKNOWN_PAYMENT_METHOD: '-9996',
  /** No payment type exists for the order. */
  NO_PAYMENT_METHOD: '-9995',
} as const

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode]

/** The spec's Russian messages (§8 of document 000). `%d` is replaced by the code. */
export const ErrorMessage = {
  UNKNOWN_PAYMENT_METHOD: 'Выбран недопустимый способ оплаты. Код ошибки: %d',
  NO_PAYMENT_METHOD: 'Cпособ оплаты не задан. Код ошибки: %d',
  BARCODE_OPEN: 'Ошибка при открытии штрих-кода!',
  QR_OPEN: 'Ошибка при открытии QR кода!',
} as const

/** Fills the `%d` of a catalogue message with the error code. */
export function formatErrorMessage(template: string, code: string | number): string {
  return template.replace('%d', String(code))
}

/**
 * The error answer of any call. Extra fields are allowed (z.object strips nothing on the wire
 * and ignores unknown keys), so a failed order view may still carry its hash.
 */
export const apiErrorSchema = z.object({
  errorCode: z.string(),
  errorText: z.string(),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/** Builds an error answer. */
export function apiError(errorCode: string, errorText: string): ApiError {
  return { errorCode, errorText }
}

/**
 * True when the JSON is an error answer: it has an errorCode and that code is not '0'.
 * A numeric code (legacy servers) counts as well.
 */
export function isApiError(json: unknown): json is ApiError {
  if (typeof json !== 'object' || json === null || !('errorCode' in json)) return false
  const code = (json as { errorCode: unknown }).errorCode
  if (typeof code !== 'string' && typeof code !== 'number') return false
  return String(code) !== ErrorCode.OK
}
