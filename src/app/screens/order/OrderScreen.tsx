import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom'
import { useLink } from '../../hooks/useLinks'
import { useTitle } from '../../hooks/useTitle'
import { buildLink, legacyOrderPath, segment } from '../../lib/links'
import { useSession } from '../../state/session'
import { needsConfirmation } from './model/status'
import { OrderSkeleton } from './OrderSkeleton'
import { OrderView } from './OrderView'
import { useOrder } from './useOrder'
import '../../forms/forms.css'
import './order.css'

/**
 * Route element of /order/{hash}. In integration mode (setup is_integration = 1) the host site
 * shows orders at its old-style path, so we leave for it (000 §2). A new hash mounts a fresh page.
 * A new language reads the order again in it (useOrder, the shown order staying meanwhile) with the
 * page kept: the chosen payment type, the promo code or bonuses typed, the offers chosen, and a
 * payment under way (its QR modal and polling, a card-scheme widget) stay. Nothing is sent to the
 * bank for it: the order view is a read, and the bank's return query went with the first load only.
 */
export function OrderScreen() {
  const { hash = '' } = useParams()
  const lang = useSession((s) => s.lang)
  const setupStatus = useSession((s) => s.setupStatus)
  const integration = useSession((s) => s.setup?.is_integration === 1)
  useTitle('viewOrder')

  useEffect(() => {
    if (integration && hash !== '') window.location.replace(legacyOrderPath(lang, hash))
  }, [integration, hash, lang])

  if (setupStatus !== 'ready' && setupStatus !== 'error') return <OrderSkeleton />
  if (integration) return null
  return <OrderLoader key={hash} hash={hash} />
}

function OrderLoader({ hash }: { hash: string }) {
  const { t } = useTranslation()
  const link = useLink()
  const navigate = useNavigate()
  const { search } = useLocation()
  const lang = useSession((s) => s.lang)
  const state = useOrder(hash, lang, search)
  const unconfirmed = state.order !== null && needsConfirmation(state.order)

  useEffect(() => {
    // An order whose named-ticket data is not entered yet is completed there first (001 §2).
    if (unconfirmed) navigate(buildLink(`/nominal-tickets/${segment(hash)}`, { lang, sub: false }), { replace: true })
  }, [unconfirmed, navigate, hash, lang])

  if (state.status === 'loading' || unconfirmed) return <OrderSkeleton />
  if (state.status === 'error' || state.order === null) {
    return (
      <section className="page page--message" aria-labelledby="order-missing-title">
        <h1 id="order-missing-title">{t('order.not-found')}</h1>
        <p>{t('order.not-found-text')}</p>
        <p><Link className="button button--primary" to={link('/')}>{t('order.toAfisha')}</Link></p>
      </section>
    )
  }
  return <OrderView order={state.order} loadedAt={state.loadedAt} reload={state.reload} />
}
