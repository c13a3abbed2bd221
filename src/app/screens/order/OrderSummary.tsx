import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useLink } from '../../hooks/useLinks'
import { segment } from '../../lib/links'
import type { OrderBadge } from './model/status'
import type { OrderViewResponse } from './model/types'

/** Order number, status badge, buyer data (only the fields present) and the return button. */
export function OrderSummary({ order, badge, titleId }: { order: OrderViewResponse; badge: OrderBadge; titleId: string }) {
  const { t } = useTranslation()
  const link = useLink()
  const buyer = [
    { key: 'fio', value: order.name },
    { key: 'email', value: order.email },
    { key: 'phone', value: order.phone },
  ].filter((f) => f.value.trim() !== '')
  return (
    <section className="order-summary">
      <h1 id={titleId} className="order-summary__number">{t('order.number', { num: order.ord_num })}</h1>
      <p className="order-summary__status">
        <span className="visually-hidden">{t('order.status')}: </span>
        <span className={`order-badge order-badge--${badge}`} data-badge={badge}>{t(`order.${badge}`)}</span>
      </p>
      {buyer.length > 0 && (
        <dl className="order-summary__buyer" aria-label={t('order.buyer')}>
          {buyer.map((f) => (
            <div key={f.key} className="order-summary__field">
              <dt>{t(`order.${f.key}`)}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {badge === 'paid' && order.usereturn === 1 && (
        <Link className="button order-summary__return" to={link(`/order/return/${segment(order.hash)}`)}>
          {t('order.return-ticket')}
        </Link>
      )}
    </section>
  )
}
