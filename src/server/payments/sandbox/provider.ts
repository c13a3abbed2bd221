import { z } from 'zod'
import { ORDER_ROUTE } from '../../domain/orders/constants'
import { clientPageUrl } from '../../domain/orders/links'
import { qrDataUrl } from '../../domain/tickets/codes'
import type { BankNotification, PaymentFlow, PaymentProvider, StartContext } from '../provider'
import { sandboxRefundBook, type SandboxRefundBook } from './refunds'
import { sign, verify } from './signature'

/** Name of the sandbox bank in its callback path (/payment/callback/sandbox). */
export const SANDBOX = 'sandbox'
/** The sandbox bank's pages, served by this server. */
export const SANDBOX_PAY_PATH = '/sandbox-bank/pay/'
export const SANDBOX_FORM_PATH = '/sandbox-bank/form'
export const SANDBOX_QR_PATH = '/sandbox-bank/qr/'
/** Where the bank sends its signed callbacks (outside /api: a bank sends no CSRF token). */
export const SANDBOX_CALLBACK_PATH = '/payment/callback/sandbox'

/** The callback body: payment id, amount in minor units, status, signature. */
export const sandboxCallbackSchema = z.object({
  payment_id: z.string().min(1).max(128),
  amount: z.coerce.number().int().min(0),
  status: z.enum(['approved', 'declined', 'pending']),
  signature: z.string().max(128),
})
export type SandboxCallback = z.infer<typeof sandboxCallbackSchema>

/** Builds the signed callback the sandbox bank sends about a payment. */
export function signedCallback(secret: string, publicId: string, amount: number, status: BankNotification['status']): SandboxCallback {
  return { payment_id: publicId, amount, status, signature: sign(secret, publicId, amount, status) }
}

/** Signature of the hidden form's fields (payment id, amount, order number). */
export function formSignature(secret: string, publicId: string, amount: number, ordNum: number | string): string {
  return sign(secret, 'form', publicId, amount, ordNum)
}

function provider(flow: PaymentFlow, secret: string, book: SandboxRefundBook, start: (ctx: StartContext) => Promise<Awaited<ReturnType<PaymentProvider['start']>>>): PaymentProvider {
  return {
    name: SANDBOX,
    flow,
    start,
    verifyCallback(body: unknown): BankNotification | null {
      const parsed = sandboxCallbackSchema.safeParse(body)
      if (!parsed.success) return null
      const c = parsed.data
      if (!verify(secret, c.signature, c.payment_id, c.amount, c.status)) return null
      return { publicId: c.payment_id, amount: c.amount, status: c.status }
    },
    // No real money moves: the book (refunds.ts) keeps what a bank would, keyed by the shop's key.
    refund: async (payment, amount, key) => book.take(payment, amount, key),
  }
}

/**
 * The built-in sandbox bank, one provider per flow of the contract. Every flow ends on the
 * same bank page (Approve / Decline, plus "keep pending" for the card scheme), whose decision
 * the bank reports through its signed callback, exactly as a real bank would.
 */
export function sandboxProviders(secret: string, book: SandboxRefundBook = sandboxRefundBook): Record<PaymentFlow, PaymentProvider> {
  return {
    redirect: provider('redirect', secret, book, async (ctx) => ({ bankUrl: `${ctx.publicUrl}${SANDBOX_PAY_PATH}${ctx.payment.publicId}` })),
    form: provider('form', secret, book, async (ctx) => ({
      form_action: `${ctx.publicUrl}${SANDBOX_FORM_PATH}`,
      form_bank: {
        payment_id: ctx.payment.publicId,
        amount: String(ctx.payment.amount),
        order: String(ctx.order.ordNum),
        email: ctx.order.email,
        signature: formSignature(secret, ctx.payment.publicId, ctx.payment.amount, ctx.order.ordNum),
      },
    })),
    qr: provider('qr', secret, book, async (ctx) => {
      const url = `${ctx.publicUrl}${SANDBOX_QR_PATH}${ctx.payment.publicId}`
      return { form_qr_url: url, form_qr_code: await qrDataUrl(url) }
    }),
    widget: provider('widget', secret, book, async (ctx) => ({
      bankInvoiceId: ctx.payment.publicId,
      backUrl: clientPageUrl(ctx.publicUrl, ORDER_ROUTE, ctx.order.hash, ctx.order.lang),
    })),
  }
}
