import { z } from 'zod'
import { localizedMany, requestLangSchema } from '../lang'
import { countSchema, hashSchema, idSchema, okShape } from './common'

/**
 * A payment type of an order (001 §3): creditcompany_id, protocol_type, protocol_kind ('QR'
 * marks QR payment), translated name and descript. Our addition: image_url, the operator's own
 * artwork for the type (shown among the payment logos instead of a built-in mark); '' or absent
 * when it has none.
 */
export const paymentTypeSchema = z.object({
  creditcompany_id: idSchema,
  protocol_type: z.string(),
  protocol_kind: z.string(),
  ...localizedMany('name', 'descript'),
  image_url: z.string().optional(),
})
export type PaymentType = z.infer<typeof paymentTypeSchema>

/**
 * bank_data (our design): the query parameters the bank or card-scheme widget appended when it
 * sent the buyer back, passed through untouched; absent on a plain visit.
 */
export const bankDataSchema = z.record(z.string(), z.string())

/** The order-view payload (001 §7): {hash, lang, bank_data}. */
export const orderViewRequestSchema = z.object({
  hash: hashSchema,
  lang: requestLangSchema,
  bank_data: bankDataSchema.optional(),
})

/** POST /api/order/extend (our addition, issue 20): extend an unpaid order's reserve time. */
export const orderExtendRequestSchema = z.object({
  hash: hashSchema,
  lang: requestLangSchema,
})

/** Seconds left to pay now (as the view's reservetime) and the extensions left. */
export const orderExtendResponseSchema = z.object({
  ...okShape,
  reservetime: countSchema,
  extensions_left: countSchema,
})

/** Path parameters of POST /api/payment/start/:typeId: the payment type (creditcompany_id). */
export const paymentStartParamsSchema = z.object({
  typeId: z.coerce.number().pipe(idSchema),
})

/**
 * POST /api/payment/start/:typeId answer (001 §7): errorCode, errorText and one of
 * - bankInvoiceId + backUrl: open the card-scheme widget for the invoice, return to backUrl;
 * - form_qr_url + form_qr_code: show the QR (form_qr_code is an image data: URL of the code of
 *   form_qr_url) and poll /api/order/status-change every QR_POLL_MS;
 * - form_action + form_bank: submit a hidden form to form_action with the form_bank fields;
 * - bankUrl: redirect the browser there.
 */
export const paymentStartWidgetSchema = z.object({ ...okShape, bankInvoiceId: z.string(), backUrl: z.string() })
export const paymentStartQrSchema = z.object({ ...okShape, form_qr_url: z.string(), form_qr_code: z.string() })
export const paymentStartFormSchema = z.object({
  ...okShape,
  form_action: z.string(),
  form_bank: z.record(z.string(), z.string()),
})
export const paymentStartRedirectSchema = z.object({ ...okShape, bankUrl: z.string() })
export const paymentStartResponseSchema = z.union([
  paymentStartWidgetSchema,
  paymentStartQrSchema,
  paymentStartFormSchema,
  paymentStartRedirectSchema,
])
export type PaymentStartResponse = z.infer<typeof paymentStartResponseSchema>

/** Which of the four payment answers this is. */
export function paymentStartKind(r: PaymentStartResponse): 'widget' | 'qr' | 'form' | 'redirect' {
  if ('bankInvoiceId' in r) return 'widget'
  if ('form_qr_url' in r) return 'qr'
  if ('form_action' in r) return 'form'
  return 'redirect'
}

export const orderStatusChangeRequestSchema = z.object({ hash: hashSchema })

/**
 * POST /api/order/status-change answer: the spec's bare number, wrapped as {response: number}.
 * 0 = still waiting; any other value = the payment status changed (the client stops polling,
 * closes the QR modal and reloads the order).
 */
export const orderStatusChangeResponseSchema = z.object({ response: z.number().int() })
