import { useTranslation } from 'react-i18next'

/** Grey blocks in the page's shape while the order loads (001 §2 "a skeleton while loading"). */
export function OrderSkeleton() {
  const { t } = useTranslation()
  return (
    <div className="order-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{t('order.loading')}</span>
      <div className="order-skeleton__col" aria-hidden="true">
        <div className="order-skeleton__bar order-skeleton__bar--title" />
        <div className="order-skeleton__bar order-skeleton__bar--short" />
        <div className="order-skeleton__bar" />
        <div className="order-skeleton__bar" />
      </div>
      <div className="order-skeleton__col order-skeleton__col--wide" aria-hidden="true">
        <div className="order-skeleton__block" />
        <div className="order-skeleton__block order-skeleton__block--low" />
      </div>
    </div>
  )
}
