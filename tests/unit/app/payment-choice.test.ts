import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { pickMethod, resolvePicks, type PaymentPicks } from '../../../src/app/kernel/payment'
import { SubscriptionChoice } from '../../../src/app/kernel/SubscriptionChoice'
import { createI18n } from '../../../src/app/i18n'
import type { CrmSubscription } from '../../../src/contract/entities/crm'
import type { Lang } from '../../../src/contract/lang'
import { subscriptionPayableBy, type PaymentMethod } from '../../../src/contract/rules/payment'

const BOTH: PaymentMethod[] = ['gift', 'bank']

/**
 * The event pages never offer buying by subscription together with the gift card (the server
 * refuses the pair with 'subscription-gift' on the seat-map and general-admission order paths).
 */
describe('payment method and subscription on an event page', () => {
  it('the rule: subscription tickets are paid by bank card, never by the gift card', () => {
    expect(subscriptionPayableBy('bank')).toBe(true)
    expect(subscriptionPayableBy('gift')).toBe(false)
  })

  it('choosing the gift card clears a ticked subscription box and disables it', () => {
    const ticked: PaymentPicks = { method: 'bank', bySubscription: true }
    expect(resolvePicks(BOTH, ticked)).toEqual({ method: 'bank', subscriptionAllowed: true, bySubscription: true })
    const gift = pickMethod(ticked, 'gift')
    expect(gift).toEqual({ method: 'gift', bySubscription: false })
    expect(resolvePicks(BOTH, gift)).toEqual({ method: 'gift', subscriptionAllowed: false, bySubscription: false })
    // Back to the bank card: the box stays clear until the visitor ticks it again.
    expect(resolvePicks(BOTH, pickMethod(gift, 'bank'))).toEqual({ method: 'bank', subscriptionAllowed: true, bySubscription: false })
  })

  it('a box ticked under the gift card does not count, also where the gift card is the default', () => {
    expect(resolvePicks(BOTH, { method: 'gift', bySubscription: true }).bySubscription).toBe(false)
    // An event that takes the gift card only: no method picked, the gift card is the default.
    expect(resolvePicks(['gift'], { method: null, bySubscription: true })).toEqual({ method: 'gift', subscriptionAllowed: false, bySubscription: false })
    // A pick no longer offered falls back to the default, and the box follows it.
    expect(resolvePicks(['bank'], { method: 'gift', bySubscription: true })).toEqual({ method: 'bank', subscriptionAllowed: true, bySubscription: true })
  })

  it('no pick ever makes the pair the server refuses', () => {
    for (const methods of [BOTH, ['gift'], ['bank']] as PaymentMethod[][]) {
      for (const method of [null, 'gift', 'bank'] as const) {
        for (const bySubscription of [false, true]) {
          const shown = resolvePicks(methods, { method, bySubscription })
          expect(shown.bySubscription && shown.method === 'gift').toBe(false)
        }
      }
    }
  })

  const subscription: CrmSubscription = { subscrit_id: 7, hash_id: 'season', quant: 3, mainmenu_id: 1, menukind_id: 2 }
  const render = (lang: Lang, subscriptionAllowed: boolean, bySubscription = false) =>
    renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lang) },
      createElement(SubscriptionChoice, { choice: { subscription, subscriptionAllowed, bySubscription, setBySubscription: () => {} } })))

  it('the box under the gift card is disabled and says why, tied to it for screen readers, in every language', () => {
    const reasons: Record<Lang, string> = {
      ru: 'Билеты по подписке не оплачиваются Пушкинской картой',
      en: 'Subscription tickets are not paid with the Pushkin card',
      kz: 'Жазылым бойынша билеттер Пушкин картасымен төленбейді',
      ch: '訂閱門票不能以普希金卡付款',
    }
    for (const [lang, reason] of Object.entries(reasons) as [Lang, string][]) {
      const html = render(lang, false)
      expect(html).toMatch(/<input[^>]*disabled=""[^>]*aria-describedby="by-subscription-reason"/)
      expect(html).not.toMatch(/checked=""/)
      expect(html).toContain(`<p id="by-subscription-reason" class="field__hint">${reason}</p>`)
    }
    // Under the bank card: enabled, no reason.
    const bank = render('en', true, true)
    expect(bank).not.toContain('disabled')
    expect(bank).not.toContain('by-subscription-reason')
    expect(bank).toMatch(/checked=""/)
  })
})
