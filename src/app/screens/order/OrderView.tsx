import { useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CARD_SCHEME_FAILURE, CARD_SCHEME_POLL_MS } from '../../../contract/constants'
import { useCurrency, useSession } from '../../state/session'
import { formatMoney } from '../../kernel/format'
import { AddedServices } from './AddedServices'
import { CodesModal } from './CodesModal'
import { LoyaltyBlock } from './LoyaltyBlock'
import { groupByAction, numberTickets } from './model/lines'
import { isVerifying, orderBadge } from './model/status'
import type { OrderViewResponse, TicketLine } from './model/types'
import { OffersPanel } from './OffersPanel'
import { OrderSummary } from './OrderSummary'
import { PaymentForm } from './PaymentForm'
import { TicketGroups } from './TicketGroups'
import { useFocusLater } from './useFocusLater'
import { useFollowOrder } from './useFollowOrder'
import { usePolling } from './usePolling'
import { VerifyNotice } from './VerifyNotice'

/** The order view once loaded: left column (number, badge, buyer, return, loyalty), right column (tickets, offers, payment). */
export function OrderView({ order, loadedAt, reload }: { order: OrderViewResponse; loadedAt: number; reload: () => Promise<void> }) {
  const { t } = useTranslation()
  const lang = useSession((s) => s.lang)
  const currency = useCurrency()
  const groups = useMemo(() => groupByAction(order.main, order.service, lang), [order.main, order.service, lang])
  // One numbering for the ticket list and the offers panel: 'Ticket 2' is the same ticket in both.
  const tickets = useMemo(() => numberTickets(groups), [groups])
  const badge = orderBadge(order)
  const paid = badge === 'paid'
  const verifying = isVerifying(order)
  // Nothing that changes the amount is offered (loyalty forms, special offers, removing one) once
  // paid, nor while a card-scheme payment is being verified: the server refuses it then.
  const readOnly = paid || verifying
  const [offersOpen, setOffersOpen] = useState(false)
  const [codes, setCodes] = useState<TicketLine[] | null>(null)
  // Offers added: the focus goes to the list they joined (the offers button may be gone with the
  // last offer); the offers button is where it goes back once the last added service is removed.
  const offersButton = useRef<HTMLButtonElement>(null)
  const addedTitle = useRef<HTMLHeadingElement>(null)
  const focusLater = useFocusLater()

  useFollowOrder(order, loadedAt, reload)

  // Card-scheme payment pending (verifyCode 3): the order is reloaded every 20 s until it settles.
  usePolling(verifying, CARD_SCHEME_POLL_MS, async () => {
    await reload()
    return false
  })

  return (
    <article className="order-page" aria-labelledby="order-title">
      <div className="order-page__side">
        <OrderSummary order={order} badge={badge} titleId="order-title" />
        {/* 001 §2: the left column's loyalty block, hidden by isBlocked; read-only it only says what the order used and earned. */}
        {badge !== 'cancelled' && order.discountData.isBlocked !== 1 && (
          <LoyaltyBlock hash={order.hash} data={order.discountData} currency={currency} reload={reload} readOnly={readOnly} />
        )}
      </div>
      <div className="order-page__main">
        <VerifyNotice code={order.verifyCode} paid={paid} />
        <h2 className="order-page__heading">{t('order.tickets')}</h2>
        <TicketGroups groups={groups} tickets={tickets} paid={paid} currency={currency} onShowCodes={setCodes} />
        {order.refunded > 0 && (
          <dl className="order-refunded">
            <dt>{t('order.refunded')}</dt>
            <dd>{formatMoney(order.refunded, lang, currency)}</dd>
          </dl>
        )}
        <AddedServices hash={order.hash} services={order.toping} currency={currency} reload={reload} readOnly={readOnly}
          titleRef={addedTitle} afterLast={offersButton} />
        {!readOnly && badge !== 'cancelled' && order.addToping.length > 0 && (
          <button type="button" ref={offersButton} className="button order-page__offers" onClick={() => setOffersOpen(true)}>
            {t('order.specials-open')}
          </button>
        )}
        {badge === 'cancelled' && order.verifyCode !== CARD_SCHEME_FAILURE && (
          <p className="notice order-pay__over" role="status">{t('order.time-over')}</p>
        )}
        {!paid && badge !== 'cancelled' && (
          <PaymentForm order={order} loadedAt={loadedAt} currency={currency} reload={reload} openOffers={() => setOffersOpen(true)} />
        )}
      </div>
      <OffersPanel open={offersOpen} hash={order.hash} offers={order.addToping} tickets={tickets} currency={currency}
        onClose={() => setOffersOpen(false)} reload={reload} returnFocusTo={offersButton}
        onAdded={() => focusLater(() => [addedTitle.current, offersButton.current])} />
      <CodesModal lines={codes} tickets={tickets} ordNum={order.ord_num} onClose={() => setCodes(null)} />
    </article>
  )
}
