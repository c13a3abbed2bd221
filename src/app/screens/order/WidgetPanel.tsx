import { useTranslation } from 'react-i18next'
import { segment } from '../../lib/links'
import type { WidgetPayment } from './usePayment'

/**
 * Where the card-scheme widget of an invoice opens. The storefront ships with the sandbox bank,
 * whose widget is its payment page for the invoice (it offers approve, decline and "keep
 * pending"); a real card-scheme provider's widget address goes here.
 */
export const CARD_SCHEME_WIDGET_PATH = '/sandbox-bank/pay/'

/**
 * Card-scheme payment (bankInvoiceId + backUrl, 001 §7): the buyer completes the payment in the
 * widget, which sends them back to backUrl (the order view) with its verification code; the order
 * view then shows the code's state (VerifyNotice) and polls every 20 s while it is pending.
 */
export function WidgetPanel({ widget }: { widget: WidgetPayment }) {
  const { t } = useTranslation()
  return (
    <section className="notice widget-panel" aria-labelledby="widget-title" data-invoice={widget.bankInvoiceId} data-back={widget.backUrl}>
      <h3 id="widget-title">{t('order.widget-title')}</h3>
      <p>{t('order.widget-text')}</p>
      <a className="button button--primary widget-panel__open" href={`${CARD_SCHEME_WIDGET_PATH}${segment(widget.bankInvoiceId)}`}>{t('order.widget-open')}</a>
    </section>
  )
}
