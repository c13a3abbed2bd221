import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { bonusesLeft, bonusInputError, canApplyBonuses, isPromoValid, normalizePromo, parseBonuses } from '../../../contract/rules/discount'
import { api } from '../../api/client'
import { useSession } from '../../state/session'
import { formatMoney } from '../../kernel/format'
import { promoAfterApply, type PromoField } from './model/promo'
import type { DiscountData } from './model/types'
import { useOrderAction } from './useOrderAction'
import { labelled } from '../../i18n/punctuation'

/**
 * The loyalty block (001 §2, §5): card, bonuses and promo code. Bonuses: an integer above 0 and
 * not above the available ones, the rest shown as available minus entered. Promo: OK from 3
 * characters, shown upper-cased; an answer with an empty promoCode means 'Invalid promo code'.
 * Every change reloads the order (the amount to pay comes from the server). `readOnly` (a paid
 * order, or one whose card-scheme payment is being verified, when the server refuses every
 * change: OrderView): the card and what the order used and earned (chargedBonus, written when it
 * is paid), no forms; nothing at all when there is nothing to say.
 */
export function LoyaltyBlock({ hash, data, currency, reload, readOnly = false }: { hash: string; data: DiscountData; currency: string; reload: () => Promise<void>; readOnly?: boolean }) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const { busy, run, attempt } = useOrderAction()
  const [bonusText, setBonusText] = useState('')
  const [promo, setPromo] = useState('')
  const [promoError, setPromoError] = useState<PromoField['error']>(null)
  const bonuses = parseBonuses(bonusText)
  const available = data.availableBonuses
  // The field keeps what was typed and says why it cannot be applied: '10.5' or '-5' must never
  // turn into 105 or 5 silently (001 §5 "Bonuses: integer").
  const bonusError = bonusInputError(bonusText, available)
  const hasDiscount = data.useBonuses > 0 || data.promoCode !== '' || data.totalDiscount > 0
  // Card facts only with a card; the promo and discount lines whenever they apply.
  const facts = [
    // What may still pay the order: nothing to say once it is read-only (paid or being verified).
    { key: 'available', on: data.cardCode !== '' && !readOnly, text: t('order.bonuses-available', { count: available }) },
    { key: 'balance', on: data.totalBalance > 0, text: t('order.bonuses-balance', { count: data.totalBalance }) },
    { key: 'used', on: data.useBonuses > 0, text: t('order.bonuses-used', { count: data.useBonuses }) },
    { key: 'charged', on: data.chargedBonus > 0, text: t('order.bonuses-charged', { count: data.chargedBonus }) },
    { key: 'promo', on: data.promoCode !== '', text: t('order.promo-applied', { code: data.promoCode }) },
    { key: 'discount', on: data.totalDiscount > 0, text: labelled(t, t('order.discount'), formatMoney(data.totalDiscount, lang, currency)) },
    { key: 'bank', on: data.pochtaBankText !== '', text: data.pochtaBankText },
  ].filter((f) => f.on)
  if (readOnly && data.cardCode === '' && facts.length === 0) return null

  const applyBonuses = async () => {
    const ok = await run(async () => {
      await api.call('orderAddDiscount', { hash, lang, bonuses: bonuses ?? 0, cardCode: data.cardCode, promoCode: '' })
    })
    if (ok) setBonusText('')
    await reload()
  }
  const applyPromo = async () => {
    const code = normalizePromo(promo)
    let answered: string | null = null
    const outcome = await attempt(async () => {
      answered = (await api.call('orderAddDiscount', { hash, lang, bonuses: 0, cardCode: data.cardCode, promoCode: code })).promoCode
    })
    // What was typed stays unless the code was taken; a request that got no answer says so here.
    const field = promoAfterApply(outcome, answered)
    if (field.clear) setPromo('')
    setPromoError(field.error)
    await reload()
  }
  const cancel = async () => {
    await run(async () => {
      await api.call('orderCancelDiscount', { hash, lang })
    })
    await reload()
  }

  return (
    <section className="loyalty" aria-labelledby="loyalty-title">
      <h2 id="loyalty-title" className="loyalty__title">{t('order.loyalty')}</h2>
      {data.cardCode !== '' && <p className="loyalty__card">{labelled(t, t('order.card-code'), data.cardCode)}</p>}
      {facts.length > 0 && (
        <ul className="loyalty__facts">
          {facts.map((f) => <li key={f.key} className={`loyalty__fact loyalty__fact--${f.key}`}>{f.text}</li>)}
        </ul>
      )}
      {!readOnly && available > 0 && (
        <form className="loyalty__form" onSubmit={(e) => {
          e.preventDefault()
          if (canApplyBonuses(bonuses, available)) void applyBonuses()
        }}>
          <div className={`field${bonusError !== null ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor="loyalty-bonuses">{t('order.bonuses')}</label>
            <div className="loyalty__row">
              <input id="loyalty-bonuses" className="field__input" inputMode="numeric" autoComplete="off" size={10} value={bonusText}
                aria-invalid={bonusError !== null} aria-describedby={bonusError !== null ? 'loyalty-bonuses-left loyalty-bonuses-error' : 'loyalty-bonuses-left'}
                onChange={(e) => setBonusText(e.target.value)} />
              <button type="submit" className="button loyalty__apply" disabled={!canApplyBonuses(bonuses, available) || busy}>
                {t('order.bonuses-apply')}
              </button>
            </div>
            <p id="loyalty-bonuses-left" className="field__hint loyalty__left">{t('order.bonuses-left', { count: bonusesLeft(bonuses, available) })}</p>
            {bonusError !== null && <p id="loyalty-bonuses-error" className="field__error" role="alert">{t(`order.${bonusError}`, { count: available })}</p>}
          </div>
        </form>
      )}
      {!readOnly && <form className="loyalty__form" onSubmit={(e) => {
        e.preventDefault()
        if (isPromoValid(promo)) void applyPromo()
      }}>
        <div className={`field${promoError !== null ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="loyalty-promo">{t('order.promo')}</label>
          <div className="loyalty__row">
            <input id="loyalty-promo" className="field__input loyalty__promo" autoComplete="off" size={10} value={promo}
              aria-invalid={promoError !== null} aria-describedby={promoError !== null ? 'loyalty-promo-error' : undefined}
              onChange={(e) => {
                setPromo(e.target.value.toUpperCase())
                setPromoError(null)
              }} />
            <button type="submit" className="button loyalty__promo-apply" disabled={!isPromoValid(promo) || busy}>{t('order.promo-apply')}</button>
          </div>
          {promoError !== null && <p id="loyalty-promo-error" className="field__error" role="alert">{t(`order.${promoError}`)}</p>}
        </div>
      </form>}
      {!readOnly && hasDiscount && (
        <button type="button" className="button loyalty__cancel" disabled={busy} onClick={() => void cancel()}>{t('order.cancel-discount')}</button>
      )}
    </section>
  )
}
