/**
 * The sandbox bank's pages: plain server-rendered HTML, no script, usable by keyboard and
 * screen reader (a heading, a definition list, real buttons in a real form, a language tag).
 */

import type { Lang } from '../../../contract/lang'

const escapeMap: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => escapeMap[c])

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1d1d1f}' +
  '.note{background:#fff3cd;border:1px solid #e0c060;padding:.5rem .75rem;border-radius:6px}' +
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}' +
  'button{font:inherit;padding:.6rem 1.2rem;margin:.25rem .5rem .25rem 0;border-radius:6px;border:1px solid #333;cursor:pointer}' +
  '.approve{background:#1b7f3b;color:#fff}.decline{background:#b3261e;color:#fff}button:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}'

/** The sandbox bank speaks English, as a real bank's test page would, whatever the shop's language. */
export const SANDBOX_PAGE_LANG: Lang = 'en'

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="${SANDBOX_PAGE_LANG}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1><p class="note" role="note">Sandbox bank: a test payment page. No real money moves.</p>${body}</main></body></html>`
}

export interface PayPageData {
  publicId: string
  ordNum: number
  /** The amount as written, with the shop's currency ("₽1,200.00"). */
  amount: string
  typeName: string
  status: string
  /** The card scheme may also leave its verification pending. */
  allowPending: boolean
  action: string
}

export function payPage(d: PayPageData): string {
  const details = `<dl><dt>Order</dt><dd>№ ${d.ordNum}</dd><dt>Amount</dt><dd>${escapeHtml(d.amount)}</dd><dt>Method</dt><dd>${escapeHtml(d.typeName)}</dd></dl>`
  if (d.status !== 'pending') {
    return layout('Payment closed', `${details}<p role="status">This payment is already ${escapeHtml(d.status)}.</p>`)
  }
  const pending = d.allowPending ? '<button type="submit" name="decision" value="pending">Keep verification pending</button>' : ''
  return layout(
    'Confirm the payment',
    `${details}<form method="post" action="${escapeHtml(d.action)}"><button class="approve" type="submit" name="decision" value="approve">Approve</button><button class="decline" type="submit" name="decision" value="decline">Decline</button>${pending}</form>`,
  )
}

export function resultPage(approved: boolean, outcome: string): string {
  return layout(approved ? 'Payment approved' : 'Payment declined', `<p role="status">The bank reported: ${escapeHtml(outcome)}. You may close this page; the shop's page updates by itself.</p>`)
}
