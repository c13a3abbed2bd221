import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createI18n } from '../../../src/app/i18n'
import { failureOutcome, type ActionOutcome } from '../../../src/app/screens/order/model/action'
import { promoAfterApply } from '../../../src/app/screens/order/model/promo'
import { createApiClient } from '../../../src/contract/client'
import { ErrorCode } from '../../../src/contract/errors'
import { LANGS } from '../../../src/contract/lang'

/**
 * The order page's promo field (LoyaltyBlock) after an apply: what the visitor typed stays unless
 * the server took the code, and a request that got no answer says so by the field (the order
 * action only logs it). Driven through the real API client against a small HTTP peer that speaks
 * the token protocol and answers add-discount as told, or is gone.
 */
let peer: Server | null = null

async function startPeer(answer: { status: number; body: unknown }): Promise<string> {
  peer = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(req.url === '/api/token' ? 200 : answer.status, { 'Content-Type': 'application/json', ...(req.url === '/api/token' ? { 'Set-Cookie': 'sid=s1; Path=/' } : {}) })
      res.end(JSON.stringify(req.url === '/api/token' ? { response: 't1' } : answer.body))
    })
  })
  await new Promise<void>((r) => peer!.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(peer.address() as AddressInfo).port}`
}

async function stopPeer(): Promise<void> {
  const s = peer
  peer = null
  if (s) await new Promise<void>((r) => s.close(() => r()))
}

afterEach(stopPeer)

/** Applies `code` as LoyaltyBlock does (the order action's outcome, the answer's promoCode). */
async function apply(baseUrl: string, code: string): Promise<{ outcome: ActionOutcome; answered: string | null }> {
  const api = createApiClient({ baseUrl, lang: () => 'ru' })
  try {
    const answer = await api.call('orderAddDiscount', { hash: 'order-hash', lang: 'ru', bonuses: 0, cardCode: '', promoCode: code })
    return { outcome: 'done', answered: answer.promoCode }
  } catch (e) {
    return { outcome: failureOutcome(e), answered: null }
  }
}

describe('the promo field after an apply', () => {
  it('keeps the typed code and says the server did not answer when the request fails on the network', async () => {
    // A server that was there and is gone: nothing listens on its port any more.
    const baseUrl = await startPeer({ status: 200, body: { errorCode: '0', errorText: '', promoCode: 'SPRING' } })
    await stopPeer()
    const { outcome, answered } = await apply(baseUrl, 'SPRING')
    expect(outcome).toBe('unreachable')
    expect(promoAfterApply(outcome, answered)).toEqual({ clear: false, error: 'promo-unreachable' })
  })

  it('clears the field once the server took the code', async () => {
    const { outcome, answered } = await apply(await startPeer({ status: 200, body: { errorCode: '0', errorText: '', promoCode: 'SPRING' } }), 'SPRING')
    expect(outcome).toBe('done')
    expect(promoAfterApply(outcome, answered)).toEqual({ clear: true, error: null })
  })

  it("keeps it with 'Invalid promo code' when the server answers an empty promoCode", async () => {
    const { outcome, answered } = await apply(await startPeer({ status: 200, body: { errorCode: '0', errorText: '', promoCode: '' } }), 'WRONG')
    expect(outcome).toBe('done')
    expect(promoAfterApply(outcome, answered)).toEqual({ clear: false, error: 'promo-invalid' })
  })

  it('keeps it, without a field error, when the server refuses (its text is in the error modal)', async () => {
    const refusal = { errorCode: ErrorCode.PAYMENT, errorText: 'The booking time has expired: the order can no longer be changed' }
    const { outcome, answered } = await apply(await startPeer({ status: 409, body: refusal }), 'SPRING')
    expect(outcome).toBe('refused')
    expect(promoAfterApply(outcome, answered)).toEqual({ clear: false, error: null })
    // Another action running: nothing was sent, nothing changes.
    expect(promoAfterApply('skipped', null)).toEqual({ clear: false, error: null })
  })

  it('has the no-answer message in every language, apart from the invalid-code one', () => {
    for (const lang of LANGS) {
      const t = createI18n(lang).t
      const text = t('order.promo-unreachable')
      expect(text, lang).not.toBe('order.promo-unreachable')
      expect(text, lang).not.toBe(t('order.promo-invalid'))
    }
    expect(createI18n('en').t('order.promo-unreachable')).toBe('Could not apply the promo code: the server did not answer. Check your connection and try again')
  })
})
