import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pickLocalized } from '../../../contract/lang'
import { api } from '../../api/client'
import { ConfirmDialog } from '../../forms/ConfirmDialog'
import { extendHold } from '../../kernel/extendHold'
import { HoldWarning, HOLD_WARN_SECONDS, type ExtendResult } from '../../kernel/HoldWarning'
import { useModal } from '../../state/modal'
import { useSession } from '../../state/session'
import { formatMoney } from '../../kernel/format'
import { formatCountdown } from './model/countdown'
import { defaultPaymentType, shouldOfferBeforePay } from './model/payment'
import type { OrderViewResponse } from './model/types'
import { PaymentLogos } from './PaymentLogos'
import { QrPayModal } from './QrPayModal'
import { useCountdown } from './useCountdown'
import { usePayment } from './usePayment'
import { WidgetPanel } from './WidgetPanel'

interface Props {
  order: OrderViewResponse
  loadedAt: number
  currency: string
  reload: () => Promise<void>
  openOffers: () => void
}

/**
 * Payment types, amount, countdown, logos and the pay button (001 §2). The form hides when the
 * reserve time runs out (001 §4); pay is enabled while paymentAllowed. Before paying, when offers
 * exist and none was added, a dialog offers them first (001 §5).
 */
export function PaymentForm({ order, loadedAt, currency, reload, openOffers }: Props) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const left = useCountdown(order.reservetime, loadedAt)
  const [typeChoice, setType] = useState<number | null>(null)
  const typeId = typeChoice ?? defaultPaymentType(order)
  const [confirm, setConfirm] = useState(false)
  const payment = usePayment(order, reload)
  const storedQr = order.payment_qr
  const timer = useRef<HTMLElement>(null)
  const showModal = useModal((s) => s.show)

  // WCAG 2.2.1: before the time to pay runs out the form warns and offers more time (issue 20).
  const extend = (): Promise<ExtendResult> => extendHold(async () => {
    const answer = await api.call('orderExtend', { hash: order.hash, lang })
    await reload()
    return { holdSeconds: answer.reservetime, extensionsLeft: answer.extensions_left }
  }, (text) => showModal({ kind: 'warning', text }), t('order.time-over'))

  if (left <= 0) {
    return <p className="notice order-pay__over" role="status">{t('order.time-over')}</p>
  }

  const onPay = () => {
    if (shouldOfferBeforePay(order)) setConfirm(true)
    else void payment.pay(typeId)
  }

  return (
    // data-keep-clear: the scroll-top button steps aside while the payment choices and Pay lie under it (ScrollTop).
    <section className="order-pay" aria-labelledby="order-pay-title" data-keep-clear="">
      <h2 id="order-pay-title" className="order-page__heading">{t('order.payment')}</h2>
      {order.payments.length > 0 && (
        <fieldset className="order-pay__types">
          <legend>{t('order.payment-type')}</legend>
          {order.payments.map((p) => {
            const descript = pickLocalized(p, 'descript', lang)
            const id = `pay-type-${p.creditcompany_id}`
            return (
              <div key={p.creditcompany_id} className="order-pay__type">
                <input id={id} type="radio" name="payment-type" value={p.creditcompany_id} checked={typeId === p.creditcompany_id}
                  onChange={() => setType(p.creditcompany_id)} aria-describedby={descript !== '' ? `${id}-d` : undefined} />
                <label htmlFor={id}>{pickLocalized(p, 'name', lang)}</label>
                {descript !== '' && <p id={`${id}-d`} className="order-pay__descript">{descript}</p>}
              </div>
            )
          })}
        </fieldset>
      )}
      <dl className="order-pay__sums">
        <div className="order-pay__row">
          <dt>{t('order.amount')}</dt>
          <dd className="order-pay__amount">{formatMoney(order.demsumma, lang, currency)}</dd>
        </div>
        <div className="order-pay__row">
          <dt>{t('order.time-left')}</dt>
          <dd className="order-pay__timer" aria-live="off" tabIndex={-1} ref={timer}>{formatCountdown(left)}</dd>
        </div>
      </dl>
      <HoldWarning left={left} onExtend={extend} focusAfter={timer} className="order-pay"
        texts={{
          warning: t('order.hold-warning', { seconds: HOLD_WARN_SECONDS }),
          extend: t('order.hold-extend'),
          extended: (r) => [t('order.hold-extended', { time: formatCountdown(r.holdSeconds) }), ...(r.extensionsLeft === undefined ? [] : [t('order.hold-extensions-left', { count: r.extensionsLeft })])].join(' '),
        }} />
      <PaymentLogos payments={order.payments} />
      {!order.paymentAllowed && <p className="notice order-pay__unable" role="status">{t('order.unable-to-pay')}</p>}
      <div className="order-pay__actions">
        <button type="button" className="button button--primary order-pay__submit" disabled={!order.paymentAllowed || payment.busy}
          onClick={onPay}>
          {payment.busy ? t('order.paying') : t('order.pay')}
        </button>
        {storedQr !== null && payment.qr === null && (
          <button type="button" className="button order-pay__show-qr"
            onClick={() => payment.setQr({ url: storedQr.form_qr_url, image: storedQr.form_qr_code })}>
            {t('order.qr-pay-show')}
          </button>
        )}
      </div>
      {payment.widget !== null && <WidgetPanel widget={payment.widget} />}
      <QrPayModal qr={payment.qr} hash={order.hash} reload={reload}
        onClose={() => {
          // Closed by the buyer: reloading brings the started QR payment back as "show QR code".
          payment.setQr(null)
          void reload()
        }}
        onSettled={() => payment.setQr(null)} />
      <ConfirmDialog open={confirm} title={t('order.offer-title')} text={t('order.offer-text')}
        confirmLabel={t('order.offer-add')} cancelLabel={t('order.offer-skip')}
        onConfirm={() => {
          setConfirm(false)
          openOffers()
        }}
        onCancel={() => {
          setConfirm(false)
          void payment.pay(typeId)
        }} />
    </section>
  )
}
