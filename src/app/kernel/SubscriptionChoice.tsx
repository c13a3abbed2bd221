import { useTranslation } from 'react-i18next'
import type { PaymentChoice } from './usePaymentChoice'

const REASON_ID = 'by-subscription-reason'

/**
 * The 'by subscription' box of an event page (ticket or seat map), shown when the signed-in
 * client has a subscription to the event. Under the gift card it is off and disabled, and says
 * why beside it (tied by aria-describedby, so a screen reader hears it with the box): the
 * server refuses subscription tickets paid with the gift card.
 */
export function SubscriptionChoice({ choice }: { choice: Pick<PaymentChoice, 'subscription' | 'subscriptionAllowed' | 'bySubscription' | 'setBySubscription'> }) {
  const { t } = useTranslation()
  const { subscription, subscriptionAllowed, bySubscription, setBySubscription } = choice
  if (subscription === null) return null
  return (
    <div className="field field--check event-page__subscription">
      <input id="by-subscription" type="checkbox" checked={bySubscription} disabled={!subscriptionAllowed}
        aria-describedby={subscriptionAllowed ? undefined : REASON_ID} onChange={(e) => setBySubscription(e.target.checked)} />
      <label htmlFor="by-subscription">{t('event.by-subscription', { count: subscription.quant })}</label>
      {!subscriptionAllowed && <p id={REASON_ID} className="field__hint">{t('event.subscription-not-gift')}</p>}
    </div>
  )
}
