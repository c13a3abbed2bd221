import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { paymentStartKind } from '../../../contract/entities/payment'
import { api } from '../../api/client'
import { useModal } from '../../state/modal'
import { useSession } from '../../state/session'
import { payTarget } from './model/payment'
import type { OrderViewResponse } from './model/types'
import { submitBankForm } from './submitBankForm'
import { useOrderAction } from './useOrderAction'

export interface QrPayment { url: string; image: string }
export interface WidgetPayment { bankInvoiceId: string; backUrl: string }

/**
 * Starting a payment (001 §5, §7): checks the chosen type has a payment path ('no bank' /
 * 'unknown bank' otherwise), calls the payment start and follows its answer: bankUrl → the
 * browser goes there; form_action + form_bank → a hidden form is posted; form_qr_url +
 * form_qr_code → the QR modal (which polls); bankInvoiceId + backUrl → the card-scheme widget
 * state. A failed start shows the error, then the order reloads and the button re-enables.
 */
export function usePayment(order: OrderViewResponse, reload: () => Promise<void>) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const showModal = useModal((s) => s.show)
  const { busy, run } = useOrderAction()
  const [leaving, setLeaving] = useState(false)
  const [qr, setQr] = useState<QrPayment | null>(null)
  const [widget, setWidget] = useState<WidgetPayment | null>(null)

  // Back from the bank through the browser's back button, the page may come from the
  // back-forward cache with the button still waiting: wake it and fetch the order afresh.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return
      setLeaving(false)
      void reload()
    }
    window.addEventListener('pageshow', onShow)
    return () => window.removeEventListener('pageshow', onShow)
  }, [reload])

  const pay = useCallback(async (typeId: number | null) => {
    const target = payTarget(order, typeId)
    if (!target.ok) {
      showModal({ kind: 'error', code: target.code, text: t(`order.${target.error}`, { code: target.code }) })
      return
    }
    const ok = await run(async () => {
      const answer = await api.call('paymentStart', { hash: order.hash, lang }, { typeId: target.typeId })
      switch (paymentStartKind(answer)) {
        case 'redirect':
          if ('bankUrl' in answer) {
            setLeaving(true)
            window.location.assign(answer.bankUrl)
          }
          break
        case 'form':
          if ('form_action' in answer) {
            setLeaving(true)
            submitBankForm(answer.form_action, answer.form_bank)
          }
          break
        case 'qr':
          if ('form_qr_url' in answer) setQr({ url: answer.form_qr_url, image: answer.form_qr_code })
          break
        case 'widget':
          if ('bankInvoiceId' in answer) setWidget({ bankInvoiceId: answer.bankInvoiceId, backUrl: answer.backUrl })
          break
      }
    })
    if (!ok) await reload()
  }, [order, lang, run, showModal, t, reload])

  return { busy: busy || leaving, pay, qr, setQr, widget }
}
